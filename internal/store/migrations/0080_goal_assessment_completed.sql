-- profiles.goal_assessment_completed (0001) was never written: saving goals (0059's
-- goal_assessments) left it false, so the session's profile said every member still had the
-- goal assessment to do. Saving goals now sets it; this marks the members who saved before.
UPDATE profiles SET goal_assessment_completed = TRUE
WHERE goal_assessment_completed = FALSE
  AND user_id IN (SELECT user_id FROM goal_assessments);
