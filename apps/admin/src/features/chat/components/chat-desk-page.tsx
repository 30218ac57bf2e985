import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Badge,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Input,
  List,
  Row,
  Segmented,
  Space,
  Tag,
  Typography,
  Upload,
} from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AuthedImage } from '../../../components/authed-image';
import { formatTime, userLabel } from '../../../lib/format';
import {
  conversationQuery,
  type DeskMessage,
  newClientId,
  queueQuery,
  uploadDeskImage,
  useDeskActions,
  useDeskSocket,
} from '../api/chat';

const FILTERS = [
  { label: 'All', value: 'all' },
  { label: 'Unassigned', value: 'unassigned' },
  { label: 'Mine', value: 'mine' },
];
const REVIEW = ['Not verified', 'Under review', 'Verified', 'Rejected'];
const REVIEW_COLOR = ['default', 'gold', 'green', 'red'];

/** The chat desk: the queue of conversations (unread counts, assignment) and the open conversation. */
export function ChatDeskPage() {
  const [params, setParams] = useSearchParams();
  const filter = params.get('filter') ?? 'all';
  const selected = Number(params.get('c')) || null;
  const live = useDeskSocket();
  const queue = useQuery(queueQuery(filter, 1, 50));
  const select = (next: Record<string, string>) =>
    setParams({ filter, ...(selected ? { c: String(selected) } : {}), ...next }, { replace: true });

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {live === 'refused' ? (
        <Alert type="error" showIcon message="The live connection was refused: the chat desk needs the support role." />
      ) : null}
      <Row gutter={16}>
        <Col xs={24} md={9}>
          <Card
            title={
              <Space>
                Conversations
                <Badge count={queue.data?.unread_total ?? 0} data-testid="desk-unread-total" />
              </Space>
            }
            extra={<Tag color={live === 'online' ? 'green' : 'default'}>{live === 'online' ? 'Live' : 'Connecting…'}</Tag>}
          >
            <Segmented
              options={FILTERS}
              value={filter}
              onChange={(v) => select({ filter: String(v) })}
              style={{ marginBottom: 12 }}
            />
            <List
              loading={queue.isPending}
              dataSource={queue.data?.list ?? []}
              locale={{ emptyText: 'No conversations' }}
              data-testid="desk-queue"
              renderItem={(c) => (
                <List.Item
                  onClick={() => select({ c: String(c.id) })}
                  style={{
                    cursor: 'pointer',
                    background: c.id === selected ? 'rgba(22,119,255,0.08)' : undefined,
                    paddingInline: 8,
                  }}
                  data-testid="desk-conversation"
                  data-conversation={c.id}
                >
                  <List.Item.Meta
                    title={
                      <Space>
                        <span>{userLabel(c)}</span>
                        {c.unread > 0 ? (
                          <Tag color="red" data-testid="desk-conversation-unread">
                            {c.unread}
                          </Tag>
                        ) : null}
                      </Space>
                    }
                    description={
                      <Space orientation="vertical" size={0}>
                        <Typography.Text type="secondary" ellipsis style={{ maxWidth: 280 }}>
                          {c.last_message ? (c.last_message.kind === 'image' ? '[picture]' : c.last_message.text) : ''}
                        </Typography.Text>
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                          {formatTime(c.last_message_at)} · {c.agent ? c.agent.email : 'unassigned'}
                        </Typography.Text>
                      </Space>
                    }
                  />
                </List.Item>
              )}
            />
          </Card>
        </Col>
        <Col xs={24} md={15}>
          {selected ? (
            <Conversation key={selected} id={selected} />
          ) : (
            <Card>
              <Empty description="Pick a conversation" />
            </Card>
          )}
        </Col>
      </Row>
    </Space>
  );
}

function Conversation({ id }: { id: number }) {
  const query = useQuery(conversationQuery(id));
  const { assign, reply, read } = useDeskActions(id);
  const [draft, setDraft] = useState('');
  const endRef = useRef<HTMLDivElement>(null);
  const data = query.data;
  const newest = data?.messages.at(-1)?.id ?? 0;

  // An open conversation is being read: the user's messages up to the newest count as read. Once per
  // newest message: a reply that still counts unread messages (a refresh racing the read) must not send
  // the same read again on every render; a failed read may be sent again.
  const readUpTo = useRef(0);
  useEffect(() => {
    if (!data || data.unread === 0 || newest <= readUpTo.current || read.isPending) return;
    readUpTo.current = newest;
    read.mutate(newest, {
      onError: () => {
        readUpTo.current = 0;
      },
    });
  }, [data, newest, read]);
  useEffect(() => {
    if (newest) endRef.current?.scrollIntoView({ block: 'end' });
  }, [newest]);

  if (query.isPending) return <Card loading />;
  if (!data)
    return (
      <Card>
        <Empty description="Conversation not found" />
      </Card>
    );
  const user = data.user;

  const send = async () => {
    const text = draft.trim();
    if (!text) return;
    await reply.mutateAsync({ text, client_id: newClientId() });
    setDraft('');
  };

  return (
    <Card
      title={`Conversation #${id}`}
      extra={
        <Space>
          <span data-testid="desk-assigned">{data.agent ? `Assigned to ${data.agent.email}` : 'Unassigned'}</span>
          <Button onClick={() => assign.mutate()} loading={assign.isPending} data-testid="desk-assign">
            Assign to me
          </Button>
        </Space>
      }
      data-testid="desk-conversation-panel"
    >
      {user ? (
        <Descriptions
          size="small"
          column={2}
          bordered
          style={{ marginBottom: 12 }}
          items={[
            { key: 'user', label: 'User', children: userLabel({ user }) },
            { key: 'name', label: 'Name', children: user.name ?? '—' },
            {
              key: 'kyc',
              label: 'Verification',
              children: (
                <Space>
                  <Tag color={REVIEW_COLOR[user.review_status] ?? 'default'} data-testid="desk-verification">
                    {REVIEW[user.review_status] ?? user.review_status}
                  </Tag>
                  {user.advanced_user ? <Tag color="blue">Advanced</Tag> : null}
                </Space>
              ),
            },
            { key: 'lang', label: 'Language', children: user.lang },
            { key: 'since', label: 'Registered', children: formatTime(user.created_at) },
            { key: 'frozen', label: 'Account', children: user.frozen ? <Tag color="red">Frozen</Tag> : 'Active' },
          ]}
        />
      ) : null}
      <div
        style={{ height: 380, overflowY: 'auto', padding: 8, background: 'rgba(0,0,0,0.03)', borderRadius: 8 }}
        data-testid="desk-messages"
      >
        {data.messages.length === 0 ? <Empty description="No messages yet" /> : null}
        {data.messages.map((m) => (
          <DeskBubble
            key={m.id}
            message={m}
            read={m.sender === 'agent' ? m.id <= data.user_read_id : m.id <= data.agent_read_id}
          />
        ))}
        <div ref={endRef} />
      </div>
      <Space.Compact style={{ width: '100%', marginTop: 12 }}>
        <Input.TextArea
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          autoSize={{ minRows: 1, maxRows: 4 }}
          maxLength={2000}
          placeholder="Reply to the user"
          onPressEnter={(e) => {
            if (!e.shiftKey) {
              e.preventDefault();
              void send();
            }
          }}
          data-testid="desk-reply-input"
        />
        <Button
          type="primary"
          onClick={() => void send()}
          loading={reply.isPending}
          disabled={!draft.trim()}
          data-testid="desk-reply-send"
        >
          Send
        </Button>
      </Space.Compact>
      <Upload
        accept="image/jpeg,image/png,image/webp"
        showUploadList={false}
        beforeUpload={(file) => {
          void uploadDeskImage(file).then((uploadId) => reply.mutateAsync({ upload_id: uploadId, client_id: newClientId() }));
          return false;
        }}
      >
        <Button style={{ marginTop: 8 }} data-testid="desk-reply-image">
          Send a picture
        </Button>
      </Upload>
    </Card>
  );
}

function DeskBubble({ message, read }: { message: DeskMessage; read: boolean }) {
  const mine = message.sender === 'agent';
  return (
    <div
      style={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start', margin: '6px 0' }}
      data-testid="desk-message"
      data-sender={message.sender}
    >
      <div style={{ maxWidth: '75%' }}>
        <div
          style={{
            padding: '6px 10px',
            borderRadius: 10,
            background: mine ? '#1677ff' : '#fff',
            color: mine ? '#fff' : 'inherit',
            border: message.sender === 'system' ? '1px dashed #bbb' : undefined,
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
          }}
        >
          {/* A text node: markup in a message is shown as the characters it is. */}
          {message.kind === 'image' && message.image ? (
            <AuthedImage source={message.image.url} alt="Chat picture" width={180} />
          ) : (
            <span data-testid="desk-message-text">{message.text}</span>
          )}
        </div>
        <Typography.Text type="secondary" style={{ fontSize: 11 }}>
          {formatTime(message.created_at)}{' '}
          {mine ? '· agent' : message.sender === 'system' ? '· automatic reply (outside hours)' : '· user'} {read ? '· read' : ''}
        </Typography.Text>
      </div>
    </div>
  );
}
