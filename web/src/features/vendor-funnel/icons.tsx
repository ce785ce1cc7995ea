import { Award, Check, Clock, DollarSign, Shield, Star, Target, TrendingUp, Users, Zap, type LucideIcon } from 'lucide-react';

/** The pictures of the ten benefit icons (03§3). */
export const ICONS: Record<string, LucideIcon> = {
  check: Check,
  star: Star,
  zap: Zap,
  target: Target,
  users: Users,
  dollar: DollarSign,
  trend: TrendingUp,
  award: Award,
  shield: Shield,
  clock: Clock,
};

export function BenefitIcon({ name, className }: { name: string; className?: string }) {
  const Icon = ICONS[name] ?? Check;
  return <Icon aria-hidden="true" className={className} />;
}
