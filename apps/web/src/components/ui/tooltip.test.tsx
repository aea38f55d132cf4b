import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Trash2 } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { IconButton } from './icon-button';
import { Tooltip } from './tooltip';

describe('Tooltip', () => {
  it('shows its hint when the button gets keyboard focus and hides it on Escape, focus staying put', async () => {
    const user = userEvent.setup();
    render(
      <Tooltip content="Delete the draft">
        <IconButton label="Delete" icon={<Trash2 />} />
      </Tooltip>,
    );
    const button = screen.getByRole('button', { name: 'Delete' });
    await user.tab();
    expect(document.activeElement).toBe(button);
    await screen.findByText('Delete the draft');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText('Delete the draft')).toBeNull());
    expect(document.activeElement).toBe(button);
  });
});
