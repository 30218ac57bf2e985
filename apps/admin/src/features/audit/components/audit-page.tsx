import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Form, Input, Row, Select, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
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

/** Widths in the page's grids: a third of a wide screen, a quarter (half a phone's), a half. */
type Span = { xs: number; md: number };
const THIRD = { xs: 24, md: 8 };
const QUARTER = { xs: 12, md: 6 };
const HALF = { xs: 24, md: 12 };

/** One side of a change: the values as they were, or as they became. */
function ChangeSide({ label, value, testId }: { label: string; value: unknown; testId: string }) {
  return (
    <Col {...HALF}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
        {label}
      </Typography.Paragraph>
      <JsonView value={value} testId={testId} />
    </Col>
  );
}

function ChangeDetail({ row }: { row: AuditRow }) {
  return (
    <Row gutter={16}>
      <ChangeSide label="Before" value={row.before} testId="audit-before" />
      <ChangeSide label="After" value={row.after} testId="audit-after" />
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

/** One field of the search form, in its place in the grid. */
function FilterCell(props: { label: string; span: Span; children: ReactNode }) {
  return (
    <Col {...props.span}>
      <Form.Item label={props.label} style={{ marginBottom: 8 }}>
        {props.children}
      </Form.Item>
    </Col>
  );
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
  const textFilter = (label: string, span: Span, key: 'admin' | 'target' | 'q', testId: string) => (
    <FilterCell label={label} span={span}>
      <Input value={draft[key]} allowClear onChange={(e) => setDraft({ ...draft, [key]: e.target.value })} data-testid={testId} />
    </FilterCell>
  );
  // The field shows the operator's local time; the filter holds the instant.
  const timeFilter = (label: string, key: 'from' | 'to', testId: string) => (
    <FilterCell label={label} span={QUARTER}>
      <Input
        type="datetime-local"
        value={isoToLocal(draft[key])}
        onChange={(e) => setDraft({ ...draft, [key]: localToIso(e.target.value) })}
        data-testid={testId}
      />
    </FilterCell>
  );
  const filtered = Object.values(filters).some(Boolean);

  return (
    <Card title="Audit log" extra={<RefreshButton query={query} testId="list-refresh" />}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <AuditChainCheck />
        <Form layout="vertical" onFinish={apply} data-testid="audit-filters">
          <Row gutter={12}>
            <FilterCell label="Action" span={THIRD}>
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
            </FilterCell>
            {textFilter('Operator (id or e-mail)', THIRD, 'admin', 'audit-admin-filter')}
            {textFilter('Target (e.g. user:12)', THIRD, 'target', 'audit-target-filter')}
            {timeFilter('From', 'from', 'audit-from')}
            {timeFilter('To', 'to', 'audit-to')}
            {textFilter('Text (also in before/after)', HALF, 'q', 'audit-text-filter')}
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
