import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Expert } from '@liftoff/contracts/experts';
import { ExpertCard } from './expert-card';

const maya = (profileImageUrl: string) =>
  ({
    id: 'maya',
    firstName: 'Maya',
    lastName: 'Okafor',
    profileImageUrl,
    expertMeta: [{ headline: 'Customer discovery', bio: '', expertise: [], linkedin: '', languages: [] }],
  }) as unknown as Expert;

describe('ExpertCard', () => {
  it("shows the expert's photo, named for screen readers, and her initial when it cannot be loaded", () => {
    render(<ExpertCard expert={maya('/api/content/experts/avatars/maya-okafor.svg')} />);
    expect(screen.getByRole('region', { name: 'Your expert, Maya Okafor' })).toBeTruthy();
    const photo = screen.getByRole('img', { name: 'Photo of Maya Okafor' });
    expect(photo.getAttribute('src')).toContain('/api/content/experts/avatars/maya-okafor.svg');
    expect(screen.queryByText('M')).toBeNull();

    fireEvent.error(photo);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('M')).toBeTruthy();
  });

  it('shows the initial where the expert has no photo', () => {
    render(<ExpertCard expert={maya('')} />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('M')).toBeTruthy();
  });
});
