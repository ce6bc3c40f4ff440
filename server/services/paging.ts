export interface PageQuery {
  pageNo: number;
  pageSize: number;
}

export interface Page<T> extends PageQuery {
  records: T[];
  total: number;
}

/** The contract gives pageNo and pageSize defaults (1, 10); the validator fills them in. */
export function pageOf(query: { pageNo?: number; pageSize?: number } | undefined): PageQuery {
  return { pageNo: query?.pageNo ?? 1, pageSize: query?.pageSize ?? 10 };
}

export function offsetOf(page: PageQuery): number {
  return (page.pageNo - 1) * page.pageSize;
}
