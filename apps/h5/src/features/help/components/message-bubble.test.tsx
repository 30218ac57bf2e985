import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { MessageBubble } from './message-bubble';

const i18n = i18next.createInstance();
void i18n.init({ lng: 'en', resources: { en: { translation: {} } } });

describe('MessageBubble', () => {
  it('renders an HTML or script payload as text, never as markup', () => {
    const payload = '<img src=x onerror="alert(1)"><script>alert(1)</script><b>bold</b>';
    const html = renderToStaticMarkup(
      <I18nextProvider i18n={i18n}>
        <MessageBubble
          read
          message={{
            id: 1,
            conversation_id: 1,
            sender: 'agent',
            kind: 'text',
            text: payload,
            image: null,
            client_id: null,
            created_at: '2026-01-01T00:00:00.000Z',
          }}
        />
      </I18nextProvider>,
    );
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<b>bold');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
  });
});
