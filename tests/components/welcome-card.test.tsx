import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WelcomeCard } from '#app/features/account/components/welcome-card.tsx';
import { renderInApp, rendersEveryScreenIn } from '#tests/helpers/render-in-app.tsx';

// The first-run welcome's steps, as a screen reader meets them: an ordered list of three, by their
// titles, with the one shown marked as the current step ("step 2 of 3").

rendersEveryScreenIn('en');

describe('the welcome card', () => {
  it('gives its steps as an ordered list, the one shown marked as the current step', () => {
    renderInApp(<WelcomeCard waitingDays={30} minWithdrawal="100" invitationsRaise />);
    const welcome = screen.getByTestId('welcome');
    const list = within(welcome).getByRole('list');
    expect(list.tagName).toBe('OL');
    const steps = within(list).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual(['Welcome to Earnest', 'How it pays', 'The wait']);
    const current = () => steps.map((step) => step.getAttribute('aria-current'));
    expect(current()).toEqual(['step', null, null]);

    fireEvent.click(within(welcome).getByRole('button', { name: 'Next' }));
    expect(current()).toEqual([null, 'step', null]);
    expect(within(welcome).getByRole('heading', { level: 2 }).textContent).toBe('How it pays');
  });
});
