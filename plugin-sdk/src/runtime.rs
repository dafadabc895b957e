//! What `plugin!` expands to call: converts between the WIT types and the SDK's.

use crate::bindings::{Context, ErrorItem, Request};
use crate::{Ctx, Error, Plugin, Req};

pub fn handle<P: Plugin>(ctx: Context, req: Request) -> Result<String, Vec<ErrorItem>> {
    let ctx = Ctx::from(ctx);
    let req = Req::from(req);
    match crate::router::with_prebuilt(|router| router.dispatch(&ctx, &req)) {
        Some(answer) => answer,
        None => crate::router::only_for(&req.method, &req.route, P::router).dispatch(&ctx, &req),
    }
    .and_then(|answer| answer.into_answer())
    .map_err(to_items)
}

/// `wizer-initialize`: what is the same for every call, done once when the host installs the
/// plugin (the router, each resource's columns and JSON forms). No import may be called here.
pub fn initialize<P: Plugin>() {
    crate::router::prebuild(P::router);
}

pub fn on_event<P: Plugin>(ctx: Context, name: String, payload_json: String) -> Result<(), String> {
    P::on_event(&Ctx::from(ctx), &name, &payload_json)
}

pub fn invoke<P: Plugin>(ctx: Context, function: String, args_json: String) -> Result<String, String> {
    P::invoke(&Ctx::from(ctx), &function, &args_json)
}

pub fn to_items(error: Error) -> Vec<ErrorItem> {
    error
        .into_list()
        .into_iter()
        .map(|e| ErrorItem { code: e.code, data: e.data.to_string(), details: e.details })
        .collect()
}
