import type { Lang } from '@app/shared';
import { LANG_NAMES } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Drawer,
  Form,
  Input,
  message,
  Popconfirm,
  Space,
  Switch,
  Table,
  type TableColumnsType,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { actionsColumn } from '../../../components/actions-column';
import { LanguageFallback, LanguageFallbackNote } from '../../../components/language-fallback';
import { validValues } from '../../../lib/form-values';
import { formatTime } from '../../../lib/format';
import { fixedPageTableProps } from '../../../lib/paging';
import { type ConsoleNews, LANGS, type NewsInput, newsListQuery, useDeleteNews, useSaveNews } from '../api/news';

/** A language's title or body: required in English, and at most `max` characters. */
const textRules = (lang: Lang, field: 'title' | 'body', max: number) => [
  { required: lang === 'en', whitespace: true, message: `English ${field} is required` },
  { max, message: `At most ${max.toLocaleString('en-US')} characters` },
];

const TAB_NAMES: Record<Lang, string> = { ...LANG_NAMES, en: 'English (required)' };

type Values = { published: boolean; pinned: boolean } & Record<Lang, { title?: string; body?: string }>;

const toValues = (row?: ConsoleNews): Values =>
  ({
    published: row?.published ?? true,
    pinned: row?.pinned ?? false,
    ...Object.fromEntries(LANGS.map((l) => [l, { title: row?.texts[l]?.title ?? '', body: row?.texts[l]?.body ?? '' }])),
  }) as Values;

/** The editor: one tab per language; a language left empty is not shown to its readers (English is). */
function NewsEditor({ row, onClose }: { row: ConsoleNews | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const save = useSaveNews();
  const watched = Form.useWatch([], form) as Values | undefined;
  const written = LANGS.filter((l) => watched?.[l]?.title?.trim() && watched?.[l]?.body?.trim());
  const submit = async () => {
    const v = await validValues(form);
    if (!v) return;
    const texts: NewsInput['texts'] = {};
    for (const l of LANGS) {
      const title = v[l]?.title?.trim() ?? '';
      const body = v[l]?.body?.trim() ?? '';
      if (title || body) texts[l] = { title, body };
    }
    save.mutate(
      { id: row?.id, input: { published: v.published, pinned: v.pinned, texts } },
      {
        onSuccess: () => {
          void message.success(row ? 'Announcement saved.' : 'Announcement published.');
          onClose();
        },
      },
    );
  };
  return (
    <Form<Values> form={form} layout="vertical" initialValues={toValues(row ?? undefined)} disabled={save.isPending}>
      <Space size="large">
        <Form.Item name="published" label="Published" valuePropName="checked">
          <Switch data-testid="news-published" />
        </Form.Item>
        <Form.Item name="pinned" label="Pinned" valuePropName="checked">
          <Switch data-testid="news-pinned" />
        </Form.Item>
      </Space>
      <Typography.Paragraph type="secondary">
        Plain text: the app shows it as written (line breaks kept), never as HTML. Readers see their language, else English.
      </Typography.Paragraph>
      <LanguageFallbackNote present={watched ? written : Object.keys(row?.texts ?? {})} />
      <Tabs
        items={LANGS.map((l) => ({
          key: l,
          label: TAB_NAMES[l],
          forceRender: true,
          children: (
            <>
              <Form.Item name={[l, 'title']} label="Title" rules={textRules(l, 'title', 200)}>
                <Input data-testid={`news-title-${l}`} maxLength={200} />
              </Form.Item>
              <Form.Item name={[l, 'body']} label="Body" rules={textRules(l, 'body', 20_000)}>
                <Input.TextArea data-testid={`news-body-${l}`} autoSize={{ minRows: 6, maxRows: 16 }} />
              </Form.Item>
            </>
          ),
        }))}
      />
      <Space>
        <Button type="primary" onClick={() => void submit()} loading={save.isPending} data-testid="news-save">
          Save
        </Button>
        <Button onClick={onClose}>Cancel</Button>
      </Space>
    </Form>
  );
}

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
