import { PARAGRAPHS, TOPICS } from './vocab/papers';

// The first sample titles and paragraphs of the vocabulary (mocks/vocab): the paper the check flow and its
// tests paste, and the sources of the mocked reports.
export const MOCK_TITLES = TOPICS.slice(0, 6).map((topic) => topic.title);

export const MOCK_PARAGRAPHS = PARAGRAPHS.slice(0, 5);
