import { useQuery } from '@tanstack/react-query';
import { Button, Card, Drawer, Popconfirm, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { actionsColumn } from '../../../components/actions-column';
import { LanguageFallback } from '../../../components/language-fallback';
import { formatTime } from '../../../lib/format';
import { fixedPageTableProps } from '../../../lib/paging';
import { type ConsoleNews, newsListQuery, useDeleteNews } from '../api/news';
import { NewsEditor } from './news-editor';

/** Announcements: list, write, edit, delete (every action is audited by the server). */
export function NewsPage() {
  const [page, setPage] = useState(1);
  const query = useQuery(newsListQuery(page));
  const remove = useDeleteNews();
  const [editing, setEditing] = useState<ConsoleNews | null | undefined>(undefined);

  const columns: TableColumnsType<ConsoleNews> = [
    { title: 'ID', dataIndex: 'id', width: 70 },
    { title: 'Title (English)', key: 'title', render: (_, r) => r.texts.en?.title ?? '—' },
    {
      title: 'Languages',
      key: 'langs',
      render: (_, r) => <LanguageFallback present={Object.keys(r.texts)} testId={`news-langs-${r.id}`} />,
    },
    {
      title: 'State',
      key: 'state',
      width: 160,
      render: (_, r) => (
        <Space size={2}>
          {r.published ? <Tag color="green">published</Tag> : <Tag>draft</Tag>}
          {r.pinned ? <Tag color="blue">pinned</Tag> : null}
        </Space>
      ),
    },
    { title: 'Updated', key: 'updated', width: 170, render: (_, r) => formatTime(r.updated_at) },
    actionsColumn(150, (r) => (
      <>
        <Button size="small" onClick={() => setEditing(r)} data-testid={`news-edit-${r.id}`}>
          Edit
        </Button>
        <Popconfirm title="Delete this announcement?" onConfirm={() => remove.mutate(r.id)}>
          <Button size="small" danger data-testid={`news-delete-${r.id}`}>
            Delete
          </Button>
        </Popconfirm>
      </>
    )),
  ];

  return (
    <Card
      title="Announcements"
      extra={
        <Button type="primary" onClick={() => setEditing(null)} data-testid="news-new">
          New announcement
        </Button>
      }
    >
      <Table<ConsoleNews> {...fixedPageTableProps(query, page, setPage)} columns={columns} data-testid="news-table" />
      <Drawer
        open={editing !== undefined}
        onClose={() => setEditing(undefined)}
        width={640}
        title={editing ? `Edit announcement #${editing.id}` : 'New announcement'}
        destroyOnHidden
      >
        {editing !== undefined ? <NewsEditor row={editing} onClose={() => setEditing(undefined)} /> : null}
      </Drawer>
    </Card>
  );
}
