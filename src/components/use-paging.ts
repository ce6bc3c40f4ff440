import { useState } from 'react';

export const DEFAULT_PAGE_SIZE = 10;

export function usePaging(pageSize = DEFAULT_PAGE_SIZE) {
  const [pageNo, setPageNo] = useState(1);
  return { pageNo, pageSize, setPageNo, params: { pageNo, pageSize } };
}
