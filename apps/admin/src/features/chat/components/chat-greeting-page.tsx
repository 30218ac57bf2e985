import { LANG_NAMES, LANGS, type Lang } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Form, Input, message, Select, Space, Switch, Table, Tabs, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { validValues } from '../../../lib/form-values';
import { type SupportChatSettings, supportChatQuery, useSaveSupportChat, WEEKDAYS, type Weekday } from '../api/greeting';

const DAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};
const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;

type DayValues = { on: boolean; open: string; close: string };
type Values = {
  greeting: Partial<Record<Lang, string>>;
  scheduled: boolean;
  time_zone: string;
  days: Record<Weekday, DayValues>;
};

const toValues = (s: SupportChatSettings | undefined): Values => ({
  greeting: s?.greeting ?? {},
  scheduled: Boolean(s?.hours),
  time_zone: s?.hours?.time_zone ?? 'UTC',
  days: Object.fromEntries(
    WEEKDAYS.map((d) => {
      const span = s?.hours?.days[d];
      return [d, { on: Boolean(span), open: span?.open ?? '09:00', close: span?.close ?? '18:00' }];
    }),
  ) as Record<Weekday, DayValues>,
});

/** The zones this browser knows, for the picker (the server checks the name again). */
function timeZones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (k: string) => string[] };
  return intl.supportedValuesOf?.('timeZone') ?? ['UTC'];
}

/**
 * The support chat's greeting (per language; readers without theirs see English, or the built-in
 * greeting when none is written) and the team's hours. Outside the hours a user's message gets one
 * automatic reply saying when the team is back.
 */
export function ChatGreetingPage() {
  const query = useQuery(supportChatQuery());
  const save = useSaveSupportChat();
  const [form] = Form.useForm<Values>();
  const zones = useMemo(() => timeZones().map((z) => ({ value: z, label: z })), []);
  const scheduled = Form.useWatch('scheduled', form);
  const greeting = Form.useWatch('greeting', form) ?? {};

  useEffect(() => {
    if (query.data) form.setFieldsValue(toValues(query.data));
  }, [query.data, form]);

  const missing = LANGS.filter((l) => l !== 'en' && !greeting[l]?.trim());

  const submit = async () => {
    const v = await validValues(form);
    if (!v) return;
    const value: SupportChatSettings = {
      greeting: Object.fromEntries(LANGS.map((l) => [l, v.greeting?.[l]?.trim() ?? ''])),
      hours: v.scheduled
        ? {
            time_zone: v.time_zone,
            days: Object.fromEntries(
              WEEKDAYS.map((d) => [d, v.days[d].on ? { open: v.days[d].open, close: v.days[d].close } : null]),
            ),
          }
        : null,
    };
    save.mutate(value, { onSuccess: () => void message.success('Chat greeting and hours saved.') });
  };

  return (
    <Card title="Support chat: greeting and hours" loading={query.isPending} data-testid="chat-greeting-page">
      <Form<Values> form={form} layout="vertical" initialValues={toValues(undefined)} disabled={save.isPending}>
        <Typography.Title level={5}>Greeting</Typography.Title>
        <Typography.Paragraph type="secondary">
          Opens every conversation in the app. A language left empty shows the English greeting; with no greeting at all the app
          shows its built-in one.
        </Typography.Paragraph>
        {greeting.en?.trim() && missing.length ? (
          <Alert type="info" showIcon message={`English shown for: ${missing.join(', ')}`} data-testid="chat-greeting-fallback" />
        ) : null}
        <Tabs
          items={LANGS.map((l) => ({
            key: l,
            label: LANG_NAMES[l],
            forceRender: true,
            children: (
              <Form.Item name={['greeting', l]} rules={[{ max: 500, message: 'At most 500 characters' }]}>
                <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={500} data-testid={`chat-greeting-${l}`} />
              </Form.Item>
            ),
          }))}
        />
        <Typography.Title level={5}>Opening hours</Typography.Title>
        <Form.Item name="scheduled" valuePropName="checked" label="Answer only during set hours">
          <Switch data-testid="chat-hours-on" />
        </Form.Item>
        {scheduled ? (
          <>
            <Form.Item name="time_zone" label="Time zone" rules={[{ required: true, message: 'Choose the time zone' }]}>
              <Select showSearch options={zones} style={{ maxWidth: 320 }} data-testid="chat-hours-zone" />
            </Form.Item>
            <Table
              size="small"
              pagination={false}
              rowKey="day"
              dataSource={WEEKDAYS.map((day) => ({ day }))}
              columns={[
                { title: 'Day', key: 'day', render: (_, r) => DAY_NAMES[r.day] },
                {
                  title: 'Open',
                  key: 'on',
                  render: (_, r) => (
                    <Form.Item name={['days', r.day, 'on']} valuePropName="checked" noStyle>
                      <Checkbox data-testid={`chat-hours-${r.day}`} />
                    </Form.Item>
                  ),
                },
                {
                  title: 'From – to (HH:MM, 24:00 = midnight)',
                  key: 'span',
                  render: (_, r) => (
                    <Space>
                      <Form.Item name={['days', r.day, 'open']} noStyle rules={[{ pattern: TIME, message: 'HH:MM' }]}>
                        <Input style={{ width: 80 }} data-testid={`chat-hours-${r.day}-open`} />
                      </Form.Item>
                      –
                      <Form.Item
                        name={['days', r.day, 'close']}
                        noStyle
                        rules={[
                          { pattern: TIME, message: 'HH:MM' },
                          ({ getFieldValue }) => ({
                            validator: async (_, close: string) => {
                              if (getFieldValue(['days', r.day, 'on']) && close <= getFieldValue(['days', r.day, 'open']))
                                throw new Error('Closing must be after opening');
                            },
                          }),
                        ]}
                      >
                        <Input style={{ width: 80 }} data-testid={`chat-hours-${r.day}-close`} />
                      </Form.Item>
                    </Space>
                  ),
                },
              ]}
            />
          </>
        ) : (
          <Typography.Paragraph type="secondary">The team answers around the clock: no automatic reply.</Typography.Paragraph>
        )}
        <Button
          type="primary"
          style={{ marginTop: 16 }}
          onClick={() => void submit().catch(() => undefined)}
          loading={save.isPending}
          data-testid="chat-greeting-save"
        >
          Save
        </Button>
      </Form>
    </Card>
  );
}
