import type { Lang } from '@app/shared';
import { LANG_NAMES } from '@app/shared';
import { Button, Form, Input, message, Space, Switch, Tabs, Typography } from 'antd';
import { LanguageFallbackNote } from '../../../components/language-fallback';
import { validValues } from '../../../lib/form-values';
import { type ConsoleNews, LANGS, type NewsInput, useSaveNews } from '../api/news';

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
export function NewsEditor({ row, onClose }: { row: ConsoleNews | null; onClose: () => void }) {
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
