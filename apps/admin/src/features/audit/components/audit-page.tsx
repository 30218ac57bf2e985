import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Form, Input, Row, Select, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { JsonView } from '../../../components/json-view';
import { RefreshButton } from '../../../components/refresh-button';
import { formatTime } from '../../../lib/format';
import { DEFAULT_LIMIT, pagedTableProps } from '../../../lib/paging';
import { type AuditFilters, type AuditRow, actionFamilies, auditActionsQuery, auditQuery } from '../api/audit';
import { AuditChainCheck } from './audit-chain-check';

const who = (r: AuditRow) => r.admin_email ?? r.admin?.email ?? (r.admin_id !== null ? `Operator #${r.admin_id}` : 'System');

const columns: TableColumnsType<AuditRow> = [
  { title: 'Time', dataIndex: 'created_at', width: 190, render: (v: string) => formatTime(v) },
  { title: 'Who', key: 'who', width: 220, render: (_, r) => who(r) },
  { title: 'Action', dataIndex: 'action', width: 220, render: (v: string) => <Tag data-testid="audit-action">{v}</Tag> },
  { title: 'Target', dataIndex: 'target', render: (v: string | null) => v || '—' },
  { title: 'IP', dataIndex: 'ip', width: 150, render: (v: string | null) => v || '—' },
];

function ChangeDetail({ row }: { row: AuditRow }) {
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
          Before
        </Typography.Paragraph>
        <JsonView value={row.before} testId="audit-before" />
      </Col>
      <Col xs={24} md={12}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
          After
        </Typography.Paragraph>
        <JsonView value={row.after} testId="audit-after" />
      </Col>
    </Row>
  );
}

/** A datetime-local value ("2026-11-22T06:00", the operator's local time) as an ISO instant, or ''. */
function localToIso(value: string): string {
  if (!value) return '';
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? '' : at.toISOString();
}

/** An ISO instant back into the datetime-local field (local time, minutes). */
function isoToLocal(value: string): string {
  if (!value) return '';
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return '';
  const local = new Date(at.getTime() - at.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

const EMPTY: AuditFilters = { action: '', admin: '', target: '', from: '', to: '', q: '' };

/**
 * The audit search: who, action (one or a family), target, time range and free text
 * (which also searches the before/after values). Filters live in the URL. The log is append-only: this
 * page only reads it, and the database refuses any change to it; the check above it finds any rewrite.
 */
export function AuditPage() {
  const { page, limit, filters, setFilters, setPage } = useAuditParams();
  const query = useQuery(auditQuery(filters, page, limit));
  const actions = useQuery(auditActionsQuery());
  const [draft, setDraft] = useState<AuditFilters>(filters);
  useEffect(() => setDraft(filters), [filters]);
  const names = (actions.data ?? []).map((a) => a.action);
  const actionOptions = [
    ...actionFamilies(names).map((value) => ({ value, label: value })),
    ...(actions.data ?? []).map((a) => ({ value: a.action, label: `${a.action} (${a.count})` })),
  ];
  const apply = () => setFilters(draft);
  const filtered = Object.values(filters).some(Boolean);

  return (
    <Card title="Audit log" extra={<RefreshButton query={query} testId="list-refresh" />}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <AuditChainCheck />
        <Form layout="vertical" onFinish={apply} data-testid="audit-filters">
          <Row gutter={12}>
            <Col xs={24} md={8}>
              <Form.Item label="Action" style={{ marginBottom: 8 }}>
                <Select
                  showSearch
                  allowClear
                  value={draft.action || undefined}
                  placeholder="Any action (families end in .*)"
                  options={actionOptions}
                  loading={actions.isPending}
                  onChange={(v?: string) => setDraft({ ...draft, action: v ?? '' })}
                  aria-label="Action filter"
                  data-testid="audit-action-filter"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item label="Operator (id or e-mail)" style={{ marginBottom: 8 }}>
                <Input
                  value={draft.admin}
                  allowClear
                  onChange={(e) => setDraft({ ...draft, admin: e.target.value })}
                  data-testid="audit-admin-filter"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item label="Target (e.g. user:12)" style={{ marginBottom: 8 }}>
                <Input
                  value={draft.target}
                  allowClear
                  onChange={(e) => setDraft({ ...draft, target: e.target.value })}
                  data-testid="audit-target-filter"
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item label="From" style={{ marginBottom: 8 }}>
                <Input
                  type="datetime-local"
                  value={isoToLocal(draft.from)}
                  onChange={(e) => setDraft({ ...draft, from: localToIso(e.target.value) })}
                  data-testid="audit-from"
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item label="To" style={{ marginBottom: 8 }}>
                <Input
                  type="datetime-local"
                  value={isoToLocal(draft.to)}
                  onChange={(e) => setDraft({ ...draft, to: localToIso(e.target.value) })}
                  data-testid="audit-to"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label="Text (also in before/after)" style={{ marginBottom: 8 }}>
                <Input
                  value={draft.q}
                  allowClear
                  onChange={(e) => setDraft({ ...draft, q: e.target.value })}
                  data-testid="audit-text-filter"
                />
              </Form.Item>
            </Col>
          </Row>
          <Space>
            <Button type="primary" htmlType="submit" data-testid="audit-search">
              Search
            </Button>
            <Button onClick={() => setFilters(EMPTY)} disabled={!filtered} data-testid="audit-clear">
              Clear
            </Button>
          </Space>
        </Form>
        <Table<AuditRow>
          {...pagedTableProps(query, page, limit, setPage)}
          columns={columns}
          expandable={{ expandedRowRender: (r) => <ChangeDetail row={r} />, expandRowByClick: true }}
          scroll={{ x: 1000 }}
          locale={{ emptyText: filtered ? 'No actions match these filters' : 'No operator actions yet' }}
          data-testid="audit-table"
        />
      </Space>
    </Card>
  );
}

/** Page, size and the six filters in the URL (a search can be shared with another operator). */
function useAuditParams() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const limit = Math.min(100, Math.max(1, Number(params.get('limit')) || DEFAULT_LIMIT));
  const raw = Object.fromEntries((Object.keys(EMPTY) as (keyof AuditFilters)[]).map((k) => [k, params.get(k) ?? '']));
  const key = JSON.stringify(raw);
  // Memoised on the serialized values: a new object only when a filter really changed.
  const filters = useMemo(() => raw as AuditFilters, [key]);
  return {
    page,
    limit,
    filters,
    setFilters: (next: AuditFilters) => {
      const out = new URLSearchParams();
      for (const [k, v] of Object.entries(next)) if (v) out.set(k, v);
      if (limit !== DEFAULT_LIMIT) out.set('limit', String(limit));
      setParams(out, { replace: true });
    },
    setPage: (nextPage: number, nextLimit: number) => {
      const out = new URLSearchParams(params);
      out.set('page', String(nextPage));
      if (nextLimit === DEFAULT_LIMIT) out.delete('limit');
      else out.set('limit', String(nextLimit));
      setParams(out, { replace: true });
    },
  };
}
