import { screen } from '@testing-library/react';

/** The record count the table's pager shows (共 N 条). */
export const shownTotal = () => Number(/共 (\d+) 条/.exec(screen.getByText(/共 \d+ 条/).textContent ?? '')?.[1]);
