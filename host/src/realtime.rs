//! The realtime stream: `GET /api/realtime?token=` keeps a server-sent-events stream open to a
//! signed-in browser, which receives the pushes of the plugins (`realtime.push`, interface 0.1.8)
//! meant for its user, as events named `<plugin-id>.<topic>` with the payload as data.
//!
//! A push is published when the plugin's call commits. On SQLite (one host) it goes straight to
//! this process's streams; on PostgreSQL it goes through `pg_notify`, and every host (this one
//! included) listens on the channel and hands it to its own streams, so a browser reaches its
//! users whichever host it is connected to. Nothing is stored: a browser that was not connected
//! does not receive a push later; the stream's `ready` event (sent on every connection, and again
//! when this host had to drop pushes for a slow stream) tells the page to read afresh.

use std::collections::{BTreeSet, HashMap};
use std::convert::Infallible;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::{Request, State};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::routing::get;
use axum::Router;
use futures::Stream;
use serde::{Deserialize, Serialize};
use tokio::sync::broadcast;
use tokio_util::sync::CancellationToken;

use crate::auth::session::{self, SessionProblem};
use crate::db::{Db, Engine};
use crate::error::ApiResult;
use crate::state::AppState;

/// The PostgreSQL channel every host listens on.
const CHANNEL: &str = "volante_realtime";
/// How often an open stream checks that its session still holds (and reads its services again).
const SESSION_CHECK: Duration = Duration::from_secs(15);
/// Pushes waiting for a slow stream before it misses some (it is then told to read afresh).
const BUFFER: usize = 1024;

/// One push of a plugin, as it travels between hosts.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Push {
    pub business_id: i64,
    /// The users it is for; `None`: every user of the business.
    pub users: Option<Vec<i64>>,
    /// The pushing plugin's services: a user receives the push only with one of them (none: a
    /// push of the host's, for every user named).
    pub services: Vec<String>,
    /// `<plugin-id>.<topic>`.
    pub event: String,
    /// JSON text.
    pub data: String,
}

impl Push {
    fn is_for(&self, business_id: i64, user_id: i64, services: &BTreeSet<String>) -> bool {
        self.business_id == business_id
            && self.users.as_ref().is_none_or(|users| users.contains(&user_id))
            // A push of the host's own (the provider's notifications) needs no service.
            && (self.services.is_empty() || self.services.iter().any(|service| services.contains(service)))
    }
}

/// This host's side of the realtime streams.
pub struct Realtime {
    sender: broadcast::Sender<Arc<Push>>,
    /// Ends every stream at shutdown (a graceful shutdown waits for open requests).
    closing: CancellationToken,
    open: AtomicI64,
    /// Open streams by business and user (for the provider's connection figures).
    by_user: Mutex<HashMap<(i64, i64), u32>>,
}

/// The streams open on this host for one business.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Connections {
    pub business_id: i64,
    pub streams: i64,
    pub users: i64,
}

impl Default for Realtime {
    fn default() -> Realtime {
        Realtime { sender: broadcast::channel(BUFFER).0, closing: CancellationToken::new(), open: AtomicI64::new(0), by_user: Mutex::default() }
    }
}

impl Realtime {
    /// Publish a committed call's pushes: to this host's streams on SQLite, to every host's
    /// through PostgreSQL. A failure is logged: the call's answer is already decided.
    pub async fn publish(&self, db: &Db, pushes: Vec<Push>) {
        for push in pushes {
            match db.engine {
                Engine::Sqlite => self.deliver(push),
                Engine::Postgres => {
                    let text = match serde_json::to_string(&push) {
                        Ok(text) => text,
                        Err(err) => {
                            tracing::error!(error = %err, "realtime push could not be written");
                            continue;
                        }
                    };
                    if let Err(err) = sqlx::query("SELECT pg_notify($1, $2)").bind(CHANNEL).bind(text).execute(&db.pool).await {
                        tracing::error!(error = %err, event = %push.event, "realtime push could not be published");
                    }
                }
            }
        }
    }

    fn deliver(&self, push: Push) {
        // No receiver (no open stream) is not an error.
        let _ = self.sender.send(Arc::new(push));
    }

    /// On PostgreSQL: listen on the channel and deliver what every host publishes. `PgListener`
    /// reconnects by itself; pushes sent while it was away are lost, as for a closed browser.
    pub fn listen(self: &Arc<Self>, url: String) -> tokio::task::JoinHandle<()> {
        let realtime = self.clone();
        tokio::spawn(async move {
            let mut listener = loop {
                let connected = async {
                    let mut listener = sqlx::postgres::PgListener::connect(&url).await?;
                    listener.listen(CHANNEL).await?;
                    Ok::<_, sqlx::Error>(listener)
                };
                tokio::select! {
                    _ = realtime.closing.cancelled() => return,
                    result = connected => match result {
                        Ok(listener) => break listener,
                        Err(err) => {
                            tracing::error!(error = %err, "realtime listener could not connect; retrying");
                            tokio::time::sleep(Duration::from_secs(2)).await;
                        }
                    },
                }
            };
            loop {
                tokio::select! {
                    _ = realtime.closing.cancelled() => return,
                    received = listener.recv() => match received {
                        Ok(notification) => match serde_json::from_str::<Push>(notification.payload()) {
                            Ok(push) => realtime.deliver(push),
                            Err(err) => tracing::warn!(error = %err, "unreadable realtime push"),
                        },
                        Err(err) => {
                            tracing::warn!(error = %err, "realtime listener lost its connection; reconnecting");
                            tokio::time::sleep(Duration::from_secs(1)).await;
                        }
                    },
                }
            }
        })
    }

    /// End every stream (at shutdown).
    pub fn close(&self) {
        self.closing.cancel();
    }

    /// Streams open on this host now.
    pub fn open_streams(&self) -> i64 {
        self.open.load(Ordering::Relaxed)
    }

    /// The streams open on this host now, per business (by business id).
    pub fn connections(&self) -> Vec<Connections> {
        let by_user = self.by_user.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let mut by_business: std::collections::BTreeMap<i64, Connections> = Default::default();
        for (&(business_id, _), &streams) in by_user.iter() {
            let entry = by_business.entry(business_id).or_insert(Connections { business_id, streams: 0, users: 0 });
            entry.streams += i64::from(streams);
            entry.users += 1;
        }
        by_business.into_values().collect()
    }

    fn opened(&self, business_id: i64, user_id: i64) -> i64 {
        *self.by_user.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).entry((business_id, user_id)).or_default() += 1;
        self.open.fetch_add(1, Ordering::Relaxed) + 1
    }

    fn closed(&self, business_id: i64, user_id: i64) -> i64 {
        let mut by_user = self.by_user.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(count) = by_user.get_mut(&(business_id, user_id)) {
            *count -= 1;
            if *count == 0 {
                by_user.remove(&(business_id, user_id));
            }
        }
        self.open.fetch_sub(1, Ordering::Relaxed) - 1
    }
}

pub fn router() -> Router<AppState> {
    Router::new().route("/realtime", get(stream))
}

/// Counts a stream as open while it lives.
struct Opened {
    app: AppState,
    business_id: i64,
    user_id: i64,
}

impl Opened {
    fn new(app: AppState, business_id: i64, user_id: i64) -> Opened {
        let open = app.realtime.opened(business_id, user_id);
        metrics::gauge!("volante_realtime_streams").set(open as f64);
        Opened { app, business_id, user_id }
    }
}

impl Drop for Opened {
    fn drop(&mut self) {
        let open = self.app.realtime.closed(self.business_id, self.user_id);
        metrics::gauge!("volante_realtime_streams").set(open as f64);
    }
}

struct Connection {
    app: AppState,
    token: String,
    business_id: i64,
    user_id: i64,
    services: BTreeSet<String>,
    receiver: broadcast::Receiver<Arc<Push>>,
    check: tokio::time::Interval,
    started: bool,
    ended: bool,
    _opened: Opened,
}

fn ready() -> Event {
    Event::default().event("ready").data("{}")
}

/// `GET /api/realtime`: the session from the `Authorization` header or `?token=` (a browser's
/// `EventSource` cannot send headers). Without a valid session: `SESSION-000`, as any call.
async fn stream(State(app): State<AppState>, request: Request) -> ApiResult<Sse<impl Stream<Item = Result<Event, Infallible>>>> {
    let (parts, _) = request.into_parts();
    let token = session::request_token(&parts);
    let session = session::resolve(&app, token.as_deref()).await.map_err(SessionProblem::error)?;
    let mut check = tokio::time::interval_at(tokio::time::Instant::now() + SESSION_CHECK, SESSION_CHECK);
    check.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let connection = Connection {
        receiver: app.realtime.sender.subscribe(),
        _opened: Opened::new(app.clone(), session.business_id, session.user_id),
        app,
        token: token.unwrap_or_default(),
        business_id: session.business_id,
        user_id: session.user_id,
        services: session.services,
        check,
        started: false,
        ended: false,
    };
    let events = futures::stream::unfold(connection, |mut c| async move {
        if c.ended {
            return None;
        }
        if !c.started {
            c.started = true;
            return Some((Ok(ready()), c));
        }
        let closing = c.app.realtime.closing.clone();
        loop {
            tokio::select! {
                _ = closing.cancelled() => return None,
                received = c.receiver.recv() => match received {
                    Ok(push) => {
                        if push.is_for(c.business_id, c.user_id, &c.services) {
                            return Some((Ok(Event::default().event(&push.event).data(&push.data)), c));
                        }
                    }
                    // Pushes were dropped for this stream: the page reads afresh, as after a reconnection.
                    Err(broadcast::error::RecvError::Lagged(_)) => return Some((Ok(ready()), c)),
                    Err(broadcast::error::RecvError::Closed) => return None,
                },
                _ = c.check.tick() => match session::peek(&c.app, &c.token).await {
                    Ok(session) => c.services = session.services,
                    // The database did not answer: nothing is known against the session.
                    Err(SessionProblem::Failed) => {}
                    Err(_) => {
                        c.ended = true;
                        let ended = Event::default().event("session").data(r#"{"code":"SESSION-000"}"#);
                        return Some((Ok(ended), c));
                    }
                },
            }
        }
    });
    Ok(Sse::new(events).keep_alive(KeepAlive::new().interval(Duration::from_secs(20))))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn push(users: Option<Vec<i64>>) -> Push {
        Push { business_id: 2, users, services: vec!["chat".into()], event: "chat.message".into(), data: "{}".into() }
    }

    #[test]
    fn a_push_reaches_only_its_business_its_users_and_those_with_the_service() {
        let chat: BTreeSet<String> = ["chat".to_string()].into();
        let none = BTreeSet::new();
        assert!(push(None).is_for(2, 7, &chat));
        assert!(push(Some(vec![7, 8])).is_for(2, 7, &chat));
        assert!(!push(Some(vec![8])).is_for(2, 7, &chat));
        assert!(!push(None).is_for(3, 7, &chat), "another business");
        assert!(!push(None).is_for(2, 7, &none), "a user without the service");
    }

    #[test]
    fn open_streams_are_counted_per_business_and_user() {
        let realtime = Realtime::default();
        realtime.opened(2, 7);
        realtime.opened(2, 7);
        realtime.opened(2, 8);
        realtime.opened(3, 9);
        assert_eq!(realtime.open_streams(), 4);
        assert_eq!(
            realtime.connections(),
            vec![Connections { business_id: 2, streams: 3, users: 2 }, Connections { business_id: 3, streams: 1, users: 1 }]
        );
        realtime.closed(2, 7);
        realtime.closed(3, 9);
        assert_eq!(realtime.connections(), vec![Connections { business_id: 2, streams: 2, users: 2 }]);
        assert_eq!(realtime.open_streams(), 2);
    }

    #[test]
    fn pushes_travel_between_hosts_as_json() {
        let original = push(Some(vec![1, 2]));
        let text = serde_json::to_string(&original).unwrap();
        assert_eq!(serde_json::from_str::<Push>(&text).unwrap(), original);
    }
}
