import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Drawer,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Select,
  Space,
  Switch,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { actionsColumn } from '../../../components/actions-column';
import { LanguageFallback, LanguageFallbackNote } from '../../../components/language-fallback';
import { validValues } from '../../../lib/form-values';
import { formatTime } from '../../../lib/format';
import { listTableProps } from '../../../lib/paging';
import {
  type AdminHelpArticleRow,
  type AdminHelpCategory,
  type ArticleTexts,
  helpArticleQuery,
  helpArticlesQuery,
  helpCategoriesQuery,
  LANGS,
  useDeleteArticle,
  useSaveArticle,
  useSaveCategory,
} from '../api/help';

/** The FAQ editor: categories and articles, each article written per language (English required). */
export function FaqPage() {
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const categories = useQuery(helpCategoriesQuery());
  const articles = useQuery(helpArticlesQuery(categoryId));
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  // 'new', or the category being edited.
  const [categoryOpen, setCategoryOpen] = useState<'new' | AdminHelpCategory | null>(null);
  const remove = useDeleteArticle();
  const categoryName = (id: number) => categories.data?.find((c) => c.id === id)?.names.en ?? `#${id}`;

  return (
    <Card
      title="Help centre: FAQ"
      extra={
        <Space>
          <Button onClick={() => setCategoryOpen('new')} data-testid="faq-new-category">
            New category
          </Button>
          <Button type="primary" onClick={() => setEditing('new')} data-testid="faq-new-article">
            New article
          </Button>
        </Space>
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Select<number | null>
          style={{ width: 260 }}
          value={categoryId}
          onChange={setCategoryId}
          options={[
            { value: null, label: 'All categories' },
            ...(categories.data ?? []).map((c) => ({ value: c.id, label: `${c.names.en} (${c.article_count})` })),
          ]}
          data-testid="faq-category-filter"
        />
        {categoryId !== null ? (
          <Button
            size="small"
            onClick={() => setCategoryOpen(categories.data?.find((c) => c.id === categoryId) ?? null)}
            data-testid="faq-edit-category"
          >
            Edit category names
          </Button>
        ) : null}
        <Table<AdminHelpArticleRow>
          {...listTableProps(articles)}
          locale={{ emptyText: 'No articles' }}
          data-testid="faq-table"
          columns={[
            { title: 'ID', dataIndex: 'id', width: 60 },
            { title: 'Category', dataIndex: 'category_id', width: 150, render: (id: number) => categoryName(id) },
            { title: 'Title (English)', dataIndex: 'title' },
            {
              title: 'Languages',
              dataIndex: 'langs',
              width: 260,
              render: (langs: string[], r: { id: number }) => <LanguageFallback present={langs} testId={`faq-langs-${r.id}`} />,
            },
            {
              title: 'State',
              dataIndex: 'published',
              width: 100,
              render: (v: boolean) => (v ? <Tag color="green">Published</Tag> : <Tag>Draft</Tag>),
            },
            { title: 'Updated', dataIndex: 'updated_at', width: 180, render: (v: string) => formatTime(v) },
            actionsColumn(150, (row) => (
              <>
                <Button size="small" onClick={() => setEditing(row.id)} data-testid="faq-edit">
                  Edit
                </Button>
                <Popconfirm title={`Delete article #${row.id} in every language?`} onConfirm={() => remove.mutateAsync(row.id)}>
                  <Button size="small" danger>
                    Delete
                  </Button>
                </Popconfirm>
              </>
            )),
          ]}
        />
      </Space>
      <ArticleDrawer
        id={editing}
        categories={(categories.data ?? []).map((c) => ({ value: c.id, label: c.names.en ?? c.slug }))}
        onClose={() => setEditing(null)}
      />
      <CategoryDrawer category={categoryOpen} onClose={() => setCategoryOpen(null)} />
    </Card>
  );
}

type ArticleForm = { category_id: number; slug: string; sort: number; published: boolean; texts: ArticleTexts };

function ArticleDrawer({
  id,
  categories,
  onClose,
}: {
  id: number | 'new' | null;
  categories: { value: number; label: string }[];
  onClose: () => void;
}) {
  const [form] = Form.useForm<ArticleForm>();
  const existing = useQuery({ ...helpArticleQuery(typeof id === 'number' ? id : 0), enabled: typeof id === 'number' });
  const save = useSaveArticle();
  const watchedTexts = (Form.useWatch('texts', form) ?? {}) as ArticleTexts;
  const written = Object.entries(watchedTexts)
    .filter(([, t]) => t?.title?.trim() && t?.body?.trim())
    .map(([l]) => l);

  useEffect(() => {
    if (id === 'new') form.setFieldsValue({ slug: '', sort: 0, published: true, texts: {} });
    else if (existing.data) form.setFieldsValue(existing.data);
  }, [id, existing.data, form]);

  const submit = async () => {
    const values = await validValues(form);
    if (!values) return;
    // Languages left empty are not sent: readers of those languages see English.
    const texts = Object.fromEntries(
      Object.entries(values.texts ?? {}).filter(([, t]) => t && (t.title?.trim() || t.body?.trim())),
    ) as ArticleTexts;
    await save.mutateAsync({ id: id === 'new' ? null : (id as number), input: { ...values, texts } });
    onClose();
  };

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={720}
      title={id === 'new' ? 'New article' : `Article #${id}`}
      destroyOnHidden
      extra={
        <Button type="primary" onClick={submit} loading={save.isPending} data-testid="faq-save">
          Save
        </Button>
      }
    >
      <Form form={form} layout="vertical">
        <Space size="middle" wrap>
          <Form.Item name="category_id" label="Category" rules={[{ required: true }]}>
            <Select options={categories} style={{ width: 220 }} data-testid="faq-category" />
          </Form.Item>
          <Form.Item
            name="slug"
            label="Slug"
            rules={[{ required: true, pattern: /^[a-z0-9][a-z0-9-]*$/, message: 'a-z, 0-9 and -' }]}
          >
            <Input style={{ width: 200 }} data-testid="faq-slug" />
          </Form.Item>
          <Form.Item name="sort" label="Order">
            <InputNumber min={0} />
          </Form.Item>
          <Form.Item name="published" label="Published" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        <Typography.Paragraph type="secondary">
          English is required; a language left empty is shown in English. Text is shown as plain text (line breaks kept, no
          markup).
        </Typography.Paragraph>
        <LanguageFallbackNote present={written} />
        <Tabs
          items={LANGS.map((l) => ({
            key: l.code,
            label: l.name,
            forceRender: true,
            children: (
              <>
                <Form.Item name={['texts', l.code, 'title']} label="Title" rules={l.code === 'en' ? [{ required: true }] : []}>
                  <Input maxLength={200} data-testid={`faq-title-${l.code}`} />
                </Form.Item>
                <Form.Item name={['texts', l.code, 'body']} label="Body" rules={l.code === 'en' ? [{ required: true }] : []}>
                  <Input.TextArea rows={10} maxLength={20000} showCount data-testid={`faq-body-${l.code}`} />
                </Form.Item>
              </>
            ),
          }))}
        />
      </Form>
    </Drawer>
  );
}

function CategoryDrawer({ category, onClose }: { category: 'new' | AdminHelpCategory | null; onClose: () => void }) {
  const [form] = Form.useForm<{ slug: string; sort: number; names: Record<string, string> }>();
  const save = useSaveCategory();
  const existing = category !== null && category !== 'new' ? category : null;
  useEffect(() => {
    if (existing) form.setFieldsValue({ slug: existing.slug, sort: existing.sort, names: existing.names });
    else if (category === 'new') form.resetFields();
  }, [existing, category, form]);
  const submit = async () => {
    const values = await validValues(form);
    if (!values) return;
    await save.mutateAsync({
      ...(existing ? { id: existing.id } : {}),
      ...values,
      names: Object.fromEntries(Object.entries(values.names).filter(([, v]) => v?.trim())),
    });
    form.resetFields();
    onClose();
  };
  return (
    <Drawer
      open={category !== null}
      onClose={onClose}
      title={existing ? `Category: ${existing.names.en ?? existing.slug}` : 'New FAQ category'}
      destroyOnHidden
      extra={
        <Button type="primary" onClick={submit} loading={save.isPending}>
          Save
        </Button>
      }
    >
      <Form form={form} layout="vertical" initialValues={{ sort: 10 }}>
        <Form.Item
          name="slug"
          label="Slug"
          rules={[{ required: true, pattern: /^[a-z0-9][a-z0-9-]*$/, message: 'a-z, 0-9 and -' }]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="sort" label="Order">
          <InputNumber min={0} />
        </Form.Item>
        {LANGS.map((l) => (
          <Form.Item
            key={l.code}
            name={['names', l.code]}
            label={`Name (${l.name})`}
            rules={l.code === 'en' ? [{ required: true }] : []}
          >
            <Input maxLength={80} />
          </Form.Item>
        ))}
      </Form>
    </Drawer>
  );
}
