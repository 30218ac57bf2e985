import { USDT } from './money.js';
import { adminToken, type Envelope, type TestApp } from './test-app.js';

/** Test helpers for subscription (new coin offerings): projects created through the console. */

export const HOUR = 3_600_000;

let codeCounter = 0;
/** A project code no other project of the run has. */
export const nextCode = () => `SUB${Date.now().toString(36).slice(-4).toUpperCase()}${codeCounter++}`;

export type ProjectFields = Record<string, unknown>;

/** Creates a project as the test operator: 1000 coins at 0.1 USDT, open now unless the times say otherwise. */
export async function createProject(t: TestApp, fields: ProjectFields = {}): Promise<Envelope> {
  const now = Date.now();
  const body = {
    code: nextCode(),
    name: 'Test Coin',
    decimals: 4,
    subscribe_currency_id: USDT,
    issue_price: '0.1',
    total_supply: '1000',
    min_amount: '10',
    max_amount: '500',
    start_at: new Date(now - HOUR).toISOString(),
    end_at: new Date(now + HOUR).toISOString(),
    launch_at: new Date(now + 2 * HOUR).toISOString(),
    lock_days: 7,
    introduction: { en: 'A coin for tests.', zh: '测试用的币。' },
    ...fields,
  };
  // biome-ignore lint/suspicious/noExplicitAny: a JSON body with an object field
  return t.post('admin/subscription/projects', body as any, { token: await adminToken(t), json: true });
}

/** A project created as createProject makes it; throws when the console refuses it. */
export async function openProject(t: TestApp, fields: ProjectFields = {}) {
  const reply = await createProject(t, fields);
  if (reply.type !== 'ok') throw new Error(`project not created: ${JSON.stringify(reply)}`);
  return reply.message as { id: number; code: string };
}
