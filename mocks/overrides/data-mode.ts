/** Whether the mocked server starts with data (the default) or as a brand-new account with none. */
export type MockData = 'seeded' | 'empty';

const state = { data: 'seeded' as MockData };

export function setMockData(data: MockData): void {
  state.data = data;
}

export const mockDataEmpty = () => state.data === 'empty';
