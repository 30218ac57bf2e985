import type { FormInstance } from 'antd';

/**
 * The form's values once every rule passes, or null when one fails: the fields already show their
 * messages, so the caller only stops. `validateFields` rejects on a failed rule, and a Save button's
 * handler that let that through would leave an unhandled rejection behind every empty submit.
 */
export async function validValues<T>(form: FormInstance<T>): Promise<T | null> {
  try {
    return await form.validateFields();
  } catch {
    return null;
  }
}
