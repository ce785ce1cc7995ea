import type { SessionAnswer } from '../lib/session';

/** A signed-in agent's session answer (GET /api/auth/session), with profile fields overridden. */
export function sessionAnswer(profile: Partial<SessionAnswer['profile']> = {}): SessionAnswer {
  return {
    profile: {
      user_id: 'u-1',
      email: 'agent@demo.test',
      display_name: 'Dana Agent',
      is_staff: false,
      is_admin_effective: false,
      is_pro_effective: false,
      business_name: '',
      avatar_url: '',
      specialties: [],
      phone: '',
      city: '',
      state: '',
      zip_code: '',
      circle_points: 0,
      location: '',
      is_admin: false,
      is_verified: true,
      is_pro: false,
      is_pro_member: false,
      is_creator: false,
      is_support: false,
      vendor_enabled: false,
      vendor_type: '',
      vendor_company_name: '',
      goal_assessment_completed: false,
      preferred_language: 'en',
      preferred_currency: 'auto',
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-01T00:00:00Z',
      ...profile,
    },
    session: {
      id: 's-1',
      expires_at: '2099-01-01T00:00:00Z',
      access_expires_at: '2099-01-01T00:00:00Z',
      ended_sessions: 0,
      max_sessions: 5,
      idle_timeout_seconds: 604800,
    },
  };
}

/** The session answer of the demo admin. */
export const adminSessionAnswer = (): SessionAnswer => sessionAnswer({ email: 'admin@demo.test', is_admin: true, is_admin_effective: true });
