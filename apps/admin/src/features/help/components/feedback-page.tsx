import { useQuery } from '@tanstack/react-query';
import { Button, Card, Drawer, Input, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { actionsColumn } from '../../../components/actions-column';
import { AuthedImage } from '../../../components/authed-image';
import { RefreshButton } from '../../../components/refresh-button';
import { formatTime, userLabel } from '../../../lib/format';
import { pagedTableProps, useListParams } from '../../../lib/paging';
import { type AdminFeedback, feedbackQuery, useReplyFeedback } from '../api/help';

const STATUS_OPTIONS = [
  { label: 'Open', value: 'open' },
  { label: 'Replied', value: 'replied' },
  { label: 'All', value: 'all' },
];

/** The feedback inbox: open feedback oldest first; a reply is shown to the user in the help centre. */
export function FeedbackPage() {
  const { page, limit, filters, setFilter, setPage } = useListParams({ status: 'open' });
  const query = useQuery(feedbackQuery(filters.status, page, limit));
  const [openId, setOpenId] = useState<number | null>(null);
  const open = query.data?.list.find((f) => f.id === openId) ?? null;

  return (
    <Card title="Feedback inbox" extra={<RefreshButton query={query} />}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Segmented options={STATUS_OPTIONS} value={filters.status} onChange={(v) => setFilter('status', String(v))} />
        <Table<AdminFeedback>
          {...pagedTableProps(query, page, limit, setPage)}
          locale={{ emptyText: filters.status === 'open' ? 'No feedback waiting for a reply' : 'No feedback' }}
          data-testid="feedback-table"
          columns={[
            { title: 'ID', dataIndex: 'id', width: 60 },
            { title: 'User', key: 'user', width: 260, render: (_, f) => userLabel(f) },
            // Plain text: React renders it as text, never as markup.
            { title: 'Feedback', dataIndex: 'content', ellipsis: true },
            { title: 'Pictures', key: 'images', width: 90, render: (_, f) => f.images.length || '—' },
            { title: 'Sent', dataIndex: 'created_at', width: 180, render: (v: string) => formatTime(v) },
            {
              title: 'State',
              key: 'state',
              width: 100,
              render: (_, f) => (f.reply ? <Tag color="green">Replied</Tag> : <Tag color="gold">Open</Tag>),
            },
            actionsColumn(90, (f) => (
              <Button
                size="small"
                type={f.reply ? 'default' : 'primary'}
                onClick={() => setOpenId(f.id)}
                data-testid="feedback-open"
              >
                {f.reply ? 'View' : 'Reply'}
              </Button>
            )),
          ]}
        />
      </Space>
      <ReplyDrawer feedback={open} onClose={() => setOpenId(null)} />
    </Card>
  );
}

function ReplyDrawer({ feedback, onClose }: { feedback: AdminFeedback | null; onClose: () => void }) {
  const [reply, setReply] = useState('');
  const send = useReplyFeedback();
  return (
    <Drawer
      open={feedback !== null}
      onClose={onClose}
      size={560}
      title={feedback ? `Feedback #${feedback.id}` : ''}
      destroyOnHidden
    >
      {feedback ? (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Text type="secondary">
            {userLabel(feedback)} · {formatTime(feedback.created_at)}
          </Typography.Text>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }} data-testid="feedback-content">
            {feedback.content}
          </Typography.Paragraph>
          <Space wrap>
            {feedback.images.map((img) => (
              <AuthedImage key={img.id} source={img.url} alt={`Picture of feedback #${feedback.id}`} width={160} />
            ))}
          </Space>
          {feedback.reply ? (
            <Card size="small" title={`Reply · ${formatTime(feedback.replied_at)}`}>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{feedback.reply}</Typography.Paragraph>
            </Card>
          ) : null}
          <Input.TextArea
            rows={5}
            maxLength={2000}
            showCount
            value={reply}
            onChange={(e) => setReply(e.target.value)}
            placeholder={feedback.reply ? 'A new reply replaces the previous one' : 'Your reply to the user'}
            data-testid="feedback-reply-input"
          />
          <Button
            type="primary"
            disabled={!reply.trim()}
            loading={send.isPending}
            onClick={async () => {
              await send.mutateAsync({ id: feedback.id, reply: reply.trim() });
              setReply('');
              onClose();
            }}
            data-testid="feedback-reply-send"
          >
            Send reply
          </Button>
        </Space>
      ) : null}
    </Drawer>
  );
}
