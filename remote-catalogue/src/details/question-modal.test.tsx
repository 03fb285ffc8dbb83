import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QuestionModal } from './question-modal.tsx';

const competition = {
  title: 'Win a Tesla',
  question: 'What is the capital of England?',
  question_options: [
    { id: 1, text: 'Paris' },
    { id: 2, text: 'London' },
    { id: 3, text: 'Madrid' },
  ],
};

// The page around the dialog: Tab must never reach it while the aria-modal dialog is open.
function openModal() {
  render(
    <>
      <button type="button">Before the dialog</button>
      <QuestionModal competition={competition} quantity={2} onConfirm={() => undefined} onClose={() => undefined} />
      <button type="button">After the dialog</button>
    </>,
  );
  return screen.getByRole('dialog');
}

describe('QuestionModal focus trap', () => {
  it('keeps Tab in the dialog while Confirm is disabled (no answer yet): the radio group is the last stop', async () => {
    const user = userEvent.setup();
    const dialog = openModal();
    const close = screen.getByRole('button', { name: 'Close' });
    expect(document.activeElement).toBe(close);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText('Paris'));
    // Tab leaves a radio group from the radio it is on: back to the first stop, not out of the dialog.
    await user.tab();
    expect(document.activeElement).toBe(close);
    await user.tab({ shift: true });
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(document.activeElement).toBe(screen.getByLabelText('Madrid'));
    await user.tab();
    expect(document.activeElement).toBe(close);
  });

  it('with an answer picked, wraps from Confirm to Close and back into the group at the checked answer', async () => {
    const user = userEvent.setup();
    openModal();
    const close = screen.getByRole('button', { name: 'Close' });
    await user.click(screen.getByLabelText('London'));
    const confirm = screen.getByRole('button', { name: 'Confirm and add 2 tickets' });
    await user.tab();
    expect(document.activeElement).toBe(confirm);
    await user.tab();
    expect(document.activeElement).toBe(close);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(confirm);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByLabelText('London'));
  });
});
