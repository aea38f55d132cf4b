import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EmptyState, ErrorState, LoadError, PageSkeleton, PageTitle } from './page-states';
import { RetryAlert } from './retry-alert';
import { SubjectMessageFields, useSubjectMessage } from './subject-message-fields';

describe('RetryAlert', () => {
  it('shows the message with a Retry button that calls onRetry', async () => {
    const onRetry = vi.fn();
    render(<RetryAlert message="The list did not load." onRetry={onRetry} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The list did not load.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('takes its own label, can be disabled, and without onRetry offers only the close button', async () => {
    const onClose = vi.fn();
    const { rerender } = render(
      <RetryAlert message="No" onRetry={() => undefined} retryLabel="Try again" retryDisabled />,
    );
    expect((screen.getByRole('button', { name: 'Try again' }) as HTMLButtonElement).disabled).toBe(true);
    rerender(<RetryAlert message="No" onClose={onClose} />);
    expect(screen.queryByRole('button', { name: /try again|retry/i })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});

describe('page states', () => {
  it('ErrorState titles the alert and says "Trying…" while it fetches again', async () => {
    const onRetry = vi.fn();
    const { rerender } = render(
      <ErrorState title="The articles did not load" message="Down" onRetry={onRetry} />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The articles did not load');
    expect(alert.textContent).toContain('Down');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
    rerender(<ErrorState title="The articles did not load" message="Down" onRetry={onRetry} retrying />);
    expect((screen.getByRole('button', { name: 'Trying…' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("LoadError names what failed and shows the server's message", async () => {
    const onRetry = vi.fn();
    render(<LoadError error={{ message: 'Server says no.' }} onRetry={onRetry} what="your program" />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('We could not load your program.');
    expect(alert.textContent).toContain('Server says no.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('LoadError says a missing thing (404) is not there, with no retry to press', () => {
    render(
      <LoadError
        error={{ status: 404, message: 'Mission not found' }}
        onRetry={vi.fn()}
        what="this mission"
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('We could not find this mission.');
    expect(alert.textContent).toContain('The link may be incomplete');
    expect(within(alert).queryByRole('button')).toBeNull();
  });

  it('EmptyState, PageTitle and PageSkeleton keep their headings and loading status', () => {
    render(
      <>
        <PageTitle>Programs</PageTitle>
        <EmptyState icon={<span>i</span>} title="No outcomes yet" action={<button>Continue</button>}>
          Upload one from a mission.
        </EmptyState>
        <PageSkeleton label="Loading your outcomes" cards={3} />
      </>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Programs' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'No outcomes yet' })).toBeTruthy();
    expect(screen.getByText('Upload one from a mission.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading your outcomes' }).getAttribute('aria-busy')).toBe(
      'true',
    );
  });
});

describe('SubjectMessageFields', () => {
  function Form({ onSend }: { onSend: (subject: string, message: string) => void }) {
    const form = useSubjectMessage();
    return (
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!form.check()) return;
          onSend(form.subject.trim(), form.message.trim());
          form.reset();
        }}
      >
        <SubjectMessageFields
          form={form}
          messageLabel="Your question"
          messageHint="Say what you tried."
          messageMissing="Write your question."
        />
        <button type="submit">Send</button>
      </form>
    );
  }

  it('shows the errors only after a send, then sends the trimmed text and empties the form', async () => {
    const onSend = vi.fn();
    render(<Form onSend={onSend} />);
    expect(screen.queryByText('Add a short subject.')).toBeNull();
    expect(screen.getByText('Say what you tried.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Add a short subject.')).toBeTruthy();
    expect(screen.getByText('Write your question.')).toBeTruthy();
    expect(onSend).not.toHaveBeenCalled();

    const subject = screen.getByRole('textbox', { name: 'Subject' }) as HTMLInputElement;
    const question = screen.getByRole('textbox', { name: 'Your question' }) as HTMLTextAreaElement;
    expect(subject.maxLength).toBe(200);
    expect(question.maxLength).toBe(5000);
    await userEvent.type(subject, '  Pricing ');
    await userEvent.type(question, 'How much?');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledWith('Pricing', 'How much?');
    expect(subject.value).toBe('');
    expect(screen.queryByText('Add a short subject.')).toBeNull();
  });
});
