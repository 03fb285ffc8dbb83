import { shouldShowQuestion } from './show-question.ts';
import { makeSettings } from '../../test/fixtures.ts';

const storage = (value: string | null) => ({ getItem: () => value });

describe('show-question flag', () => {
  it('prefers the locally stored flag', () => {
    expect(shouldShowQuestion(makeSettings({ show_question: 0 }), storage('1'))).toBe(true);
    expect(shouldShowQuestion(makeSettings({ show_question: 1 }), storage('0'))).toBe(false);
    expect(shouldShowQuestion(undefined, storage('"1"'))).toBe(true);
  });
  it('falls back to the settings, then to asking', () => {
    expect(shouldShowQuestion(makeSettings({ show_question: 1 }), storage(null))).toBe(true);
    expect(shouldShowQuestion(makeSettings({ show_question: 0 }), storage(null))).toBe(false);
    expect(shouldShowQuestion(undefined, storage(null))).toBe(true);
  });
});
