//! A plugin built against the first interface, `volante:plugin@0.1.0`, from a frozen copy of its
//! WIT (`wit/plugin.wit`) with the raw bindings: newer hosts must keep running it. `legacy/ping`
//! answers with the caller's business, the host's clock and a statement's result, so the test
//! sees the 0.1.0 imports served by the current host.

wit_bindgen::generate!({ path: "wit", world: "plugin" });

use volante::plugin::types::SqlValue;
use volante::plugin::{host, sql};

struct Legacy;

impl Guest for Legacy {
    fn handle(ctx: Context, req: Request) -> Result<String, Vec<ErrorItem>> {
        let fail = |details: String| vec![ErrorItem { code: "PLUGIN-000".into(), data: "null".into(), details }];
        if req.route != "legacy/ping" {
            return Err(fail(format!("unknown route {}", req.route)));
        }
        let rows = sql::query("SELECT 40 + 2 AS answer", &[]).map_err(fail)?;
        let answer = match rows.rows.first().and_then(|r| r.first()) {
            Some(SqlValue::Integer(n)) => *n,
            _ => return Err(fail("no answer".into())),
        };
        // Written by hand: this crate has no JSON library, on purpose (bindings only).
        Ok(format!(
            "{{\"interface\":\"0.1.0\",\"business_id\":{},\"answer\":{},\"now_length\":{}}}",
            ctx.business_id,
            answer,
            host::now().len()
        ))
    }

    fn on_event(_ctx: Context, _name: String, _payload_json: String) -> Result<(), String> {
        Ok(())
    }

    fn invoke(_ctx: Context, function: String, _args_json: String) -> Result<String, String> {
        Err(format!("unknown function `{function}`"))
    }
}

export!(Legacy);
