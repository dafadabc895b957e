-- Plugin timers (interface 0.1.8, `timers`): the host calls a plugin's `on-event` with the event
-- `timer` once `due_at` has come, in the business that set it (reminders, alarms). A timer is
-- taken off this table as it fires; a failed handler puts it back later with one more attempt.

CREATE TABLE plugin_timer (
    business_id  BIGINT  NOT NULL REFERENCES business (business_id) ON DELETE CASCADE,
    plugin_id    TEXT    NOT NULL,
    timer_key    TEXT    NOT NULL,
    due_at       TEXT    NOT NULL,
    payload      TEXT    NOT NULL,
    attempts     BIGINT  NOT NULL DEFAULT 0,
    PRIMARY KEY (business_id, plugin_id, timer_key)
);

CREATE INDEX plugin_timer_due ON plugin_timer (due_at);
