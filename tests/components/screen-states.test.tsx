import { cleanup, fireEvent, screen } from '@testing-library/react';
import { onlineManager, QueryClient, useQuery } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { Invite } from '#contract/invite.ts';
import type { Task } from '#contract/tasks.ts';
import { Card } from '#app/components/card.tsx';
import { Loaded, LoadError } from '#app/components/load-error.tsx';
import { InviteList } from '#app/features/invite/components/invite-list.tsx';
import { TaskList } from '#app/features/tasks/components/task-list.tsx';
import { activateLocale } from '#app/i18n/i18n.ts';
import { ApiError } from '#app/lib/http.ts';
import { renderInApp, rendersEveryScreenIn } from '#tests/helpers/render-in-app.tsx';

// What the main screens show in each state: loading, empty, failed, and right-to-left.

const invite = (status: Invite['status'], username: string): Invite =>
  ({ username, invite_time: 1_767_225_600, status }) as Invite;

const task = (id: number, status: Task['status']): Task => ({
  id,
  type: 'regular',
  title: `Task ${id}`,
  text: 'Read it.',
  reward: '2',
  required_seconds: 20,
  target_url: null,
  questions: [],
  status,
  started_time: null,
});

rendersEveryScreenIn('en');

describe('screen states', () => {
  it('loading: a busy placeholder that says what it waits for', () => {
    renderInApp(<Card className="skeleton" aria-busy="true" aria-label="Loading..." />);
    expect(screen.getByLabelText('Loading...').getAttribute('aria-busy')).toBe('true');
  });

  it('offline, never read on this device: says so with a way to try again, then shows the data once online', async () => {
    onlineManager.setOnline(false);
    try {
      function Screen() {
        const query = useQuery({
          queryKey: ['offline-screen'],
          queryFn: () => Promise.resolve('the figures'),
          networkMode: 'online',
        });
        return <Loaded query={query}>{(data) => <p>{data}</p>}</Loaded>;
      }
      renderInApp(<Screen />, new QueryClient());
      expect((await screen.findByTestId('not-read-yet')).textContent).toContain(
        'It shows once Earnest can be reached.',
      );
      expect(screen.queryByLabelText('Loading...')).toBeNull();
      expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
      onlineManager.setOnline(true);
      expect(await screen.findByText('the figures')).toBeTruthy();
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('empty: no invitations and no tasks say so plainly', () => {
    renderInApp(<InviteList invites={[]} />);
    expect(screen.getByText('No one has joined with your code yet.')).toBeTruthy();
    cleanup();
    renderInApp(<TaskList tasks={[]} day="2026-11-28" onOpen={() => undefined} />);
    expect(
      screen.getByText('No tasks are available today. Please come back after the daily reset.'),
    ).toBeTruthy();
  });

  it('filled: each invitation says where it stands, each task what it pays', () => {
    renderInApp(<InviteList invites={[invite('counts', 'an***a'), invite('waiting', 'bo***b')]} />);
    expect(screen.getByText('Counts')).toBeTruthy();
    expect(screen.getByText('Does not count yet')).toBeTruthy();
    cleanup();
    const open = vi.fn();
    renderInApp(<TaskList tasks={[task(1, 'new'), task(2, 'completed')]} day="2026-11-28" onOpen={open} />);
    fireEvent.click(screen.getByText('Task 1'));
    expect(open).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
  });

  it('error: the catalogue message in the user language, and a way to try again', () => {
    const retry = vi.fn();
    renderInApp(<LoadError error={new ApiError('network.failed', null)} onRetry={retry} />);
    expect(screen.getByRole('alert').textContent).toContain('Network request failed');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it('right-to-left: Arabic turns the page around and translates the states', async () => {
    await activateLocale('ar');
    renderInApp(<InviteList invites={[]} />);
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    const empty = screen.getByText(
      (_, element) => element?.tagName === 'P' && element.closest('.empty-state') !== null,
    );
    expect(empty.textContent).not.toBe('No one has joined with your code yet.');
    expect(empty.textContent).toMatch(/[\u0600-\u06FF]/);
  });
});
