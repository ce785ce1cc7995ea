import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { Period } from '../model/packages';
import type { Package } from '../model/types';
import { PackageGrid, PeriodToggle } from './PackageGrid';
import { packageOf } from '../model/testFixtures';


const money = (c: number) => `$${(c / 100).toFixed(0)}`;
const features = (n: number) => Array.from({ length: n }, (_, i) => ({ text: `Feature ${i + 1}`, included: true }));

function Harness({ isPro = false, packages }: { isPro?: boolean; packages: Package[] }) {
  const [period, setPeriod] = useState<Period>('monthly');
  const [selected, setSelected] = useState<string | null>('starter');
  return (
    <>
      <PeriodToggle period={period} onChange={setPeriod} />
      <PackageGrid packages={packages} period={period} selectedId={selected} onSelect={(p) => setSelected(p.id)} isPro={isPro} money={money} />
    </>
  );
}

const packages = [
  packageOf({ id: 'starter', name: 'Starter', price_cents: 7900, yearly_price_cents: 79000, features: features(4) }),
  packageOf({ id: 'pro', name: 'Pro', price_cents: 12900, yearly_price_cents: 129000, popular: true, features: features(6) }),
  packageOf({ id: 'power', name: 'Power', price_cents: 19900, pro_only: true, features: features(9), savings_percent: 20, original_price_cents: 24900 }),
  packageOf({
    id: 'default-standard',
    name: 'Standard',
    name_key: 'detail.packages.standard',
    features: [{ text: 'Support: Weekdays', included: true, key: 'detail.features.support_hours', params: { hours: 'Weekdays' } }],
  }),
];

describe('F-CAT-08 package cards', () => {
  it('Select Package becomes Selected on the chosen card only', async () => {
    render(<Harness packages={packages} />);
    const pro = screen.getByRole('article', { name: 'Pro' });
    const starter = screen.getByRole('article', { name: 'Starter' });
    expect(within(starter).getByRole('button', { name: 'Selected' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(pro).getByRole('button', { name: 'Select Package' }));
    expect(within(pro).getByRole('button', { name: 'Selected' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(starter).getByRole('button', { name: 'Select Package' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(pro).getByText('Most Popular')).toBeInTheDocument();
  });

  it('Monthly/Yearly switches price and suffix; "Save up to 20%" is shown', async () => {
    render(<Harness packages={packages} />);
    const pro = screen.getByRole('article', { name: 'Pro' });
    expect(screen.getByText('Save up to 20%')).toBeInTheDocument();
    expect(pro).toHaveTextContent('$129/mo');
    await userEvent.click(screen.getByRole('button', { name: 'Yearly' }));
    expect(screen.getByRole('button', { name: 'Yearly' })).toHaveAttribute('aria-pressed', 'true');
    expect(pro).toHaveTextContent('$1290/yr');
    await userEvent.click(screen.getByRole('button', { name: 'Monthly' }));
    expect(pro).toHaveTextContent('$129/mo');
  });

  it('shows 4 features, then Show n More Features / Show Less', async () => {
    render(<Harness isPro packages={packages} />);
    const power = screen.getByRole('article', { name: 'Power' });
    expect(within(power).getAllByRole('listitem')).toHaveLength(4);
    await userEvent.click(within(power).getByRole('button', { name: 'Show 5 More Features' }));
    expect(within(power).getAllByRole('listitem')).toHaveLength(9);
    await userEvent.click(within(power).getByRole('button', { name: 'Show Less' }));
    expect(within(power).getAllByRole('listitem')).toHaveLength(4);
    expect(within(screen.getByRole('article', { name: 'Starter' })).queryByRole('button', { name: /More Features/ })).toBeNull();
  });

  it('locks a pro-only package for non-members: Upgrade to Access opens /pricing in a new tab', () => {
    render(<Harness packages={packages} />);
    const power = screen.getByRole('article', { name: 'Power' });
    const link = within(power).getByRole('link', { name: /Upgrade to Access/ });
    expect(link).toHaveAttribute('href', '/pricing');
    expect(link).toHaveAttribute('target', '_blank');
    expect(within(power).queryByRole('button', { name: 'Select Package' })).toBeNull();
    expect(within(power).getByText('20% OFF')).toBeInTheDocument();
    expect(within(power).getByText('Was $249')).toBeInTheDocument();
  });

  it('translates default package names and features from their keys', () => {
    render(<Harness isPro packages={packages} />);
    const std = screen.getByRole('article', { name: 'Standard' });
    expect(within(std).getByText('Support: Weekdays')).toBeInTheDocument();
  });
});
