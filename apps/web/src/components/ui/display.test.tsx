import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Bell } from 'lucide-react';
import { describe, expect, it, vi } from 'vitest';
import { Avatar, initialsOf } from './avatar';
import { Badge } from './badge';
import { Card } from './card';
import { Chip } from './chip';
import { Progress } from './progress';
import { Skeleton } from './skeleton';
import { Stack } from './stack';
import { Heading, Text } from './text';

describe('Text and Heading', () => {
  it('draw the element asked for: headings keep their level whatever their size', () => {
    render(
      <Stack as="section" aria-label="Mission">
        <Heading level={2} size={4}>
          Find your first customers
        </Heading>
        <Text as="span" tone="muted">
          Three steps to go
        </Text>
      </Stack>,
    );
    const heading = screen.getByRole('heading', { level: 2, name: 'Find your first customers' });
    expect(heading.tagName).toBe('H2');
    expect(screen.getByText('Three steps to go').tagName).toBe('SPAN');
    expect(screen.getByRole('region', { name: 'Mission' }).tagName).toBe('SECTION');
  });
});

describe('Card', () => {
  it('is the element asked for, so an article card is a landmark of its own kind', () => {
    render(
      <Card as="article" aria-labelledby="t">
        <Heading level={3} id="t">
          Pitch deck
        </Heading>
      </Card>,
    );
    expect(screen.getByRole('article', { name: 'Pitch deck' })).toBeTruthy();
  });
});

describe('Chip', () => {
  it('is text, its icon hidden; a removable chip has its own named button that Enter presses', async () => {
    const user = userEvent.setup();
    const onRemove = vi.fn();
    render(<Chip label="Founders" tone="primary" icon={<Bell />} onRemove={onRemove} />);
    expect(screen.getByText('Founders')).toBeTruthy();
    expect(screen.getAllByRole('button')).toHaveLength(1);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove Founders' }));
    await user.keyboard('{Enter}');
    expect(onRemove).toHaveBeenCalledTimes(1);
  });
});

describe('Badge', () => {
  it('reads its label, not the drawn number, and draws nothing at zero', () => {
    const label = (count: number) => `${count} unread notifications`;
    const { rerender } = render(
      <Badge count={120} label={label}>
        <button type="button" aria-label="Notifications">
          <Bell aria-hidden="true" />
        </button>
      </Badge>,
    );
    expect(screen.getByText('99+').getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByText('120 unread notifications')).toBeTruthy();
    rerender(
      <Badge count={0} label={label}>
        <span>bell</span>
      </Badge>,
    );
    expect(screen.queryByText('0 unread notifications')).toBeNull();
  });
});

describe('Skeleton', () => {
  it('is hidden from screen readers', () => {
    const { container } = render(<Skeleton shape="circle" />);
    expect(container.firstElementChild?.getAttribute('aria-hidden')).toBe('true');
  });
});

describe('Progress', () => {
  it('is a progressbar named by its label with its value, clamped to its range', () => {
    const { rerender } = render(
      <Progress label="Milestone progress" value={3} max={5} valueText="3 of 5 steps" />,
    );
    const bar = screen.getByRole('progressbar', { name: 'Milestone progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('3');
    expect(bar.getAttribute('aria-valuemax')).toBe('5');
    expect(bar.getAttribute('aria-valuetext')).toBe('3 of 5 steps');
    rerender(<Progress label="Upload" value={140} />);
    expect(screen.getByRole('progressbar', { name: 'Upload' }).getAttribute('aria-valuenow')).toBe('100');
    rerender(<Progress label="Upload" value={null} />);
    expect(screen.getByRole('progressbar', { name: 'Upload' }).getAttribute('aria-valuenow')).toBeNull();
  });
});

describe('Avatar', () => {
  it('is the picture named by the person, or their initials when there is none', () => {
    const { rerender } = render(<Avatar name="Ada Lovelace" src="/ada.png" />);
    expect(screen.getByRole('img', { name: 'Ada Lovelace' }).tagName).toBe('IMG');
    rerender(<Avatar name="Ada Lovelace" />);
    const initials = screen.getByRole('img', { name: 'Ada Lovelace' });
    expect(initials.textContent).toBe('AL');
    rerender(<Avatar name="Ada Lovelace" decorative />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(initialsOf('grace brewster hopper')).toBe('GH');
    expect(initialsOf('  ada ')).toBe('A');
  });
});
