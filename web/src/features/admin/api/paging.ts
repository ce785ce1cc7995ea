import type { TableParams } from '../../../components/table/DataTable';

/** A table's page as the back-office list endpoints take it. */
export function pageOf(t: TableParams) {
  return { page: t.page, page_size: t.pageSize };
}

/** A sorted table's page and order as the list endpoints take them; Sort: the endpoint's own sort keys. */
export function sortedPageOf<Sort extends string>(t: TableParams) {
  return { ...pageOf(t), sort: t.sort as Sort, dir: t.dir };
}
