import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MediaHero } from './Media';

const items = [
  { url: 'https://www.youtube.com/watch?v=aQ4rT7yU1iO', title: 'Tour', thumbnail_url: '/demo/media/tour.jpg' },
  { url: '/demo/media/shot.jpg', title: 'Shot' },
  { url: 'https://youtu.be/Lm3Nb8Vc2Xz', title: 'Demo' },
];

describe('F-CAT-08 the hero media: a video host\'s player waits behind a button', () => {
  it('shows the title and Watch the video; the player, started, only once asked for', async () => {
    const user = userEvent.setup();
    render(<MediaHero items={items} title="NestFlow CRM" />);
    const hero = screen.getByTestId('hero-media');
    expect(hero).toHaveAttribute('data-kind', 'youtube');
    expect(hero.querySelector('iframe')).toBeNull();
    expect(within(hero).getByText('Tour')).toBeInTheDocument();
    await user.click(within(hero).getByRole('button', { name: 'Watch the video' }));
    const player = within(hero).getByTitle('Video: Tour');
    expect(player).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/aQ4rT7yU1iO?autoplay=1');
    expect(within(hero).queryByRole('button', { name: 'Watch the video' })).toBeNull();
  });

  it('another thumbnail shows its own video behind its button: a started video does not carry over', async () => {
    const user = userEvent.setup();
    render(<MediaHero items={items} title="NestFlow CRM" />);
    const hero = screen.getByTestId('hero-media');
    await user.click(within(hero).getByRole('button', { name: 'Watch the video' }));
    await user.click(screen.getByRole('button', { name: 'Show media 3: Demo' }));
    expect(hero.querySelector('iframe')).toBeNull();
    expect(within(hero).getByText('Demo')).toBeInTheDocument();
    expect(within(hero).getByRole('button', { name: 'Watch the video' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show media 1: Tour' }));
    expect(hero.querySelector('iframe')).toBeNull();
  });
});
