import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import type { ReactNode } from 'react';

/**
 * Pull-to-refresh (spec section 2: assets, trade account, records …). Its texts come from
 * antd-mobile's locale, which follows the app language.
 */
export function RefreshArea({ onRefresh, children }: { onRefresh: () => Promise<unknown>; children: ReactNode }) {
  return (
    <PullToRefresh
      onRefresh={async () => {
        // A failed refresh has been toasted by the client; the gesture still ends.
        await onRefresh().catch(() => undefined);
      }}
    >
      {children}
    </PullToRefresh>
  );
}
