-- A staff password someone else set (an admin adding the member or resetting their sign-in, or the
-- CLI) is known to them: the member chooses their own before anything else in the back office
-- (staff/change_password; every other staff route answers 403 cgg_staff_password_change_due).
ALTER TABLE staff ADD COLUMN password_change_due boolean NOT NULL DEFAULT false;
