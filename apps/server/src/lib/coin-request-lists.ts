import type { Lang } from '@app/shared';
import type { ListedCoinRequest } from '../db/coin-requests.js';
import type { OwnerStatusFilter } from '../db/console-lists.js';
import type { Db } from '../db/db-type.js';
import type { PageOf, PageWindow } from '../db/paging.js';
import { offsetOf } from './paging.js';

/**
 * The two lists of a kind of coin request (deposits, withdrawals), as the shared contract states them
 * (api/reviewed-requests.ts): the user's own log, and the console's review list by status, whose rows
 * also name the owner and the reviewer. `list` reads a page (db/coin-requests.ts), `view` shows a row.
 */
export function coinRequestLists<Row extends { userId: number; reviewedBy: number | null }, View>(
  list: (db: Db, filter: OwnerStatusFilter, window: PageWindow) => Promise<PageOf<ListedCoinRequest<Row>>>,
  view: (lang: Lang, row: Row, currencyName: string) => View,
) {
  const onePage = async <Shown>(
    db: Db,
    filter: OwnerStatusFilter,
    page: number,
    limit: number,
    show: (r: ListedCoinRequest<Row>) => Shown,
  ) => {
    const { total, rows } = await list(db, filter, { limit, offset: offsetOf(page, limit) });
    return { list: rows.map(show), total, page, limit };
  };
  return {
    userLog: (db: Db, lang: Lang, userId: number, page: number, limit: number) =>
      onePage(db, { userId }, page, limit, (r) => view(lang, r.request, r.currencyName)),
    consoleList: (db: Db, lang: Lang, status: string | undefined, page: number, limit: number) =>
      onePage(db, { status }, page, limit, (r) => ({
        ...view(lang, r.request, r.currencyName),
        user: { id: r.request.userId, email: r.email, phone: r.phone, area_code: r.areaCode },
        reviewed_by: r.request.reviewedBy,
      })),
  };
}
