//! `realtime.push` (interface 0.1.8): a plugin's push to its users' browsers, checked here and
//! published when the call commits (`Effects::settle`, then `crate::realtime`).

use super::bindings::latest::volante::plugin::realtime::{self, Recipients};
use super::host_imports::CallState;
use crate::realtime::Push;

/// The payload's largest size (PostgreSQL's `pg_notify` takes at most 8000 bytes in all).
const MAX_PAYLOAD: usize = 4096;
/// The most users one push may name.
const MAX_USERS: usize = 500;
/// The most pushes one call may make.
const MAX_PUSHES: usize = 100;

fn checked_topic(topic: &str) -> Result<(), String> {
    let fits = (1..=40).contains(&topic.len()) && topic.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if fits {
        Ok(())
    } else {
        Err(format!("Tema de aviso no válido: «{topic}» (de 1 a 40 letras, cifras, - o _)"))
    }
}

fn checked_payload(payload: &str) -> Result<(), String> {
    if payload.len() > MAX_PAYLOAD {
        return Err(format!("El aviso ocupa {} bytes; el máximo es {MAX_PAYLOAD}", payload.len()));
    }
    serde_json::from_str::<serde::de::IgnoredAny>(payload).map(|_| ()).map_err(|err| format!("El aviso no es JSON válido: {err}"))
}

impl realtime::Host for CallState {
    async fn push(&mut self, to: Recipients, topic: String, payload_json: String) -> wasmtime::Result<Result<(), String>> {
        if self.ctx.business_id == 0 {
            return Ok(Err("Los avisos son para los usuarios de una empresa: esta llamada no tiene ninguna".into()));
        }
        if let Err(reason) = checked_topic(&topic).and_then(|_| checked_payload(&payload_json)) {
            return Ok(Err(reason));
        }
        if self.effects.pushes.len() >= MAX_PUSHES {
            return Ok(Err(format!("Una llamada puede enviar como mucho {MAX_PUSHES} avisos")));
        }
        let users = match to {
            Recipients::Business => None,
            Recipients::Users(mut users) => {
                users.sort_unstable();
                users.dedup();
                if users.len() > MAX_USERS {
                    return Ok(Err(format!("Un aviso puede ir como mucho a {MAX_USERS} usuarios")));
                }
                if users.is_empty() {
                    return Ok(Ok(()));
                }
                Some(users)
            }
        };
        let manifest = &self.plugin.manifest;
        self.effects.pushes.push(Push {
            business_id: self.ctx.business_id,
            users,
            services: manifest.services.iter().map(|s| s.id.clone()).collect(),
            event: format!("{}.{topic}", manifest.plugin.id),
            data: payload_json,
        });
        Ok(Ok(()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn topics_and_payloads_are_checked() {
        assert!(checked_topic("message").is_ok());
        assert!(checked_topic("group-invited_2").is_ok());
        assert!(checked_topic("").is_err());
        assert!(checked_topic("a.b").is_err(), "the plugin id is the only prefix");
        assert!(checked_topic(&"x".repeat(41)).is_err());
        assert!(checked_payload(r#"{"a":1}"#).is_ok());
        assert!(checked_payload("{").is_err());
        assert!(checked_payload(&format!("\"{}\"", "x".repeat(MAX_PAYLOAD))).is_err());
    }
}
