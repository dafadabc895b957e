//! Routes with path parameters. The host has already matched the call against the manifest and
//! checked service and permission; the router finds the handler and fills `req.params`.

use serde::Serialize;

use crate::bindings::volante::plugin::types::{AnswerPart, HeldJson, PageRead};
use crate::error::{codes, Error, Result};
use crate::{Ctx, Req};

type Handler = Box<dyn Fn(&Ctx, &Req) -> Result<JsonText>>;

/// What a handler answers: any serde value (serialized to become the envelope's `data`), or
/// [`JsonText`] (sent as it is).
pub trait Answer {
    fn into_json(self) -> Result<JsonText>;
}

impl<T: Serialize> Answer for T {
    fn into_json(self) -> Result<JsonText> {
        serde_json::to_string(&self).map(JsonText::from).map_err(Error::internal)
    }
}

/// JSON text an answer already is, sent without being parsed and written again: text the plugin
/// wrote, around rows the host holds for it ([`crate::sql::query_batch_held`]), which go into
/// the answer without crossing into the plugin; or a page of a list the host reads once the
/// plugin has returned ([`JsonText::page`]). The host checks the whole is one JSON value.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct JsonText {
    parts: Vec<AnswerPart>,
    page: Option<PageRead>,
}

impl JsonText {
    pub fn new(text: impl Into<String>) -> JsonText {
        JsonText { parts: vec![AnswerPart::Text(text.into())], page: None }
    }

    /// The answer is the page `read` describes, read by the host after the plugin has returned
    /// (`answer.respond-page`): the plugin does nothing after the statements, and the rows never
    /// cross into it. Its reads are checked when the handler returns; a refusal is the call's
    /// error. Nothing may be added to it.
    pub fn page(read: PageRead) -> JsonText {
        JsonText { parts: Vec::new(), page: Some(read) }
    }

    /// Add `text` at the end.
    pub fn push_str(&mut self, text: &str) {
        match self.parts.last_mut() {
            Some(AnswerPart::Text(last)) => last.push_str(text),
            _ => self.parts.push(AnswerPart::Text(text.to_string())),
        }
    }

    /// Add the rows the host holds as `rows` at the end (where a JSON value may go).
    pub fn push_held(&mut self, rows: &HeldJson) {
        self.parts.push(AnswerPart::Held(rows.handle));
    }

    /// The whole text, when no part of it is held or still to be read by the host.
    pub fn text(&self) -> Option<String> {
        if self.page.is_some() {
            return None;
        }
        let mut text = String::new();
        for part in &self.parts {
            match part {
                AnswerPart::Text(t) => text.push_str(t),
                AnswerPart::Held(_) => return None,
            }
        }
        Some(text)
    }

    /// What `handle` returns: the text itself, or (with held rows, or a page) what the host is
    /// to answer given with `answer.respond` or `answer.respond-page` and an empty text.
    pub(crate) fn into_answer(self) -> Result<String> {
        if let Some(read) = self.page {
            if !self.parts.is_empty() {
                return Err(Error::internal("text was added to an answer that is a page read by the host"));
            }
            crate::bindings::volante::plugin::answer::respond_page(&read).map_err(|e| {
                Error::internal(format!("{e} (in `{}`; `{}`)", read.total.statement, read.items.statement))
            })?;
            return Ok(String::new());
        }
        if self.parts.iter().any(|part| matches!(part, AnswerPart::Held(_))) {
            crate::bindings::volante::plugin::answer::respond(&self.parts).map_err(Error::internal)?;
            return Ok(String::new());
        }
        // Text only (usually one part): moved out, not copied.
        let mut parts = self.parts.into_iter().filter_map(|part| match part {
            AnswerPart::Text(text) => Some(text),
            AnswerPart::Held(_) => None,
        });
        let mut text = parts.next().unwrap_or_default();
        parts.for_each(|more| text.push_str(&more));
        Ok(text)
    }
}

impl std::fmt::Write for JsonText {
    fn write_str(&mut self, text: &str) -> std::fmt::Result {
        self.push_str(text);
        Ok(())
    }
}

impl From<String> for JsonText {
    fn from(text: String) -> JsonText {
        JsonText { parts: vec![AnswerPart::Text(text)], page: None }
    }
}

impl PartialEq<&str> for JsonText {
    fn eq(&self, other: &&str) -> bool {
        self.text().is_some_and(|t| t == *other)
    }
}

impl Answer for JsonText {
    fn into_json(self) -> Result<JsonText> {
        Ok(self)
    }
}

struct Route {
    method: &'static str,
    pattern: String,
    segments: Vec<Segment>,
    handler: Handler,
}

#[derive(Debug, PartialEq)]
enum Segment {
    Literal(String),
    Param(String),
}

impl Segment {
    /// A literal, or a parameter `req` has.
    fn given_in(&self, req: &Req) -> bool {
        match self {
            Segment::Literal(_) => true,
            Segment::Param(name) => req.params.iter().any(|(k, _)| k == name),
        }
    }
}

fn parse_pattern(pattern: &str) -> Vec<Segment> {
    pattern
        .trim_matches('/')
        .split('/')
        .map(|s| match s.strip_prefix('{').and_then(|s| s.strip_suffix('}')) {
            Some(name) => Segment::Param(name.to_string()),
            None => Segment::Literal(s.to_string()),
        })
        .collect()
}

#[derive(Default)]
pub struct Router {
    routes: Vec<Route>,
}

std::thread_local! {
    /// The `(method, pattern)` the host matched for the current call, while the plugin builds its
    /// router: every call runs in a fresh instance, so building (boxing, parsing) the handlers
    /// that cannot serve it would be wasted work.
    static TARGET: std::cell::RefCell<Option<(String, String)>> = const { std::cell::RefCell::new(None) };
}

std::thread_local! {
    /// Set while the component is pre-initialized (`wizer-initialize`, run once by the host when
    /// it installs the plugin): what is built then is kept in the memory every call starts from.
    static INITIALIZING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// The whole router, built while pre-initializing.
    static PREBUILT: std::cell::OnceCell<Router> = const { std::cell::OnceCell::new() };
}

/// Build the whole router with `build` while pre-initializing, and keep it for every call.
pub(crate) fn prebuild(build: impl Fn() -> Router) {
    INITIALIZING.with(|i| i.set(true));
    let router = build();
    INITIALIZING.with(|i| i.set(false));
    PREBUILT.with(|p| {
        let _ = p.set(router);
    });
}

/// Whether the router is being built to be kept (so resources work out what they can ahead).
pub(crate) fn initializing() -> bool {
    INITIALIZING.with(|i| i.get())
}

/// Run `f` with the router kept by pre-initialization, if there is one.
pub(crate) fn with_prebuilt<T>(f: impl FnOnce(&Router) -> T) -> Option<T> {
    PREBUILT.with(|p| p.get().map(f))
}

/// Build a router with `build` keeping only the handler of `method pattern` (and, when it does
/// not serve that pattern, build it again whole).
pub(crate) fn only_for(method: &str, pattern: &str, build: impl Fn() -> Router) -> Router {
    if pattern.is_empty() {
        return build();
    }
    TARGET.with(|t| *t.borrow_mut() = Some((method.to_string(), pattern.trim_matches('/').to_string())));
    let router = build();
    TARGET.with(|t| *t.borrow_mut() = None);
    if router.routes.is_empty() {
        build()
    } else {
        router
    }
}

/// While a router is built for one call: whether that call's pattern lies outside `prefix/`
/// (so the routes under it need not be built at all).
pub(crate) fn target_outside(prefix: &str) -> bool {
    TARGET.with(|t| match &*t.borrow() {
        Some((_, pattern)) => !(pattern.len() > prefix.len() && pattern.starts_with(prefix) && pattern.as_bytes()[prefix.len()] == b'/'),
        None => false,
    })
}

impl Router {
    pub fn new() -> Router {
        Router::default()
    }

    /// Add (or replace) the handler of `method pattern`. The handler's value becomes the
    /// envelope's `data`.
    pub fn route<T, F>(mut self, method: &'static str, pattern: &str, handler: F) -> Router
    where
        T: Answer,
        F: Fn(&Ctx, &Req) -> Result<T> + 'static,
    {
        let wanted = TARGET.with(|t| match &*t.borrow() {
            Some((m, p)) => m == method && p == pattern.trim_matches('/'),
            None => true,
        });
        if !wanted {
            return self;
        }
        let handler: Handler = Box::new(move |ctx, req| handler(ctx, req)?.into_json());
        let pattern = pattern.trim_matches('/').to_string();
        if let Some(existing) = self.routes.iter_mut().find(|r| r.method == method && r.pattern == pattern) {
            existing.handler = handler;
        } else {
            let segments = parse_pattern(&pattern);
            self.routes.push(Route { method, pattern, segments, handler });
        }
        self
    }

    pub fn get<T: Answer, F: Fn(&Ctx, &Req) -> Result<T> + 'static>(self, pattern: &str, handler: F) -> Router {
        self.route("GET", pattern, handler)
    }

    pub fn post<T: Answer, F: Fn(&Ctx, &Req) -> Result<T> + 'static>(self, pattern: &str, handler: F) -> Router {
        self.route("POST", pattern, handler)
    }

    /// Every `(method, pattern)` served, in order (for checks against the manifest).
    pub fn routes(&self) -> Vec<(&'static str, &str)> {
        self.routes.iter().map(|r| (r.method, r.pattern.as_str())).collect()
    }

    /// What a plugin's `plugin.toml` declares that the router cannot serve: a route declared
    /// twice, or declared without a handler (for the plugin's unit tests). Empty when none.
    /// Routes served but not declared are never reached: the host routes only what the
    /// manifest lists.
    pub fn manifest_mismatches(&self, manifest: &str) -> Vec<String> {
        let mut declared: Vec<(String, String)> = Vec::new();
        let mut method = None;
        // Routes are the `[[routes]]` tables; the `[ui]` section after them has paths of its own.
        for line in manifest.lines().take_while(|l| !l.starts_with("[ui")) {
            let value = || line.split('"').nth(1).unwrap_or_default().to_string();
            if line.starts_with("method = ") {
                method = Some(value());
            } else if line.starts_with("path = ") {
                declared.push((method.take().unwrap_or_default(), value()));
            }
        }
        let served: Vec<(String, String)> = self.routes().into_iter().map(|(m, p)| (m.to_string(), p.to_string())).collect();
        let mut problems = Vec::new();
        for (i, route) in declared.iter().enumerate() {
            if declared[..i].contains(route) {
                problems.push(format!("{} {} is declared twice", route.0, route.1));
            }
            if !served.contains(route) {
                problems.push(format!("{} {} has no handler", route.0, route.1));
            }
        }
        problems
    }

    /// Run the handler for `req`: by the host's matched pattern when given, else by the path.
    pub fn dispatch(&self, ctx: &Ctx, req: &Req) -> Result<JsonText> {
        // The host matched the path against this very pattern and gave its parameters: nothing
        // to match again.
        if !req.route.is_empty() {
            let matched = self.routes.iter().find(|r| r.method == req.method && r.pattern == req.route);
            if let Some(route) = matched.filter(|r| r.segments.iter().all(|s| s.given_in(req))) {
                return (route.handler)(ctx, req);
            }
        }
        for route in &self.routes {
            if route.method != req.method {
                continue;
            }
            if let Some(params) = match_path(&route.segments, &req.path) {
                // The host gives the matched route's parameters already: copy the request only
                // to add some it did not.
                let missing: Vec<_> = params.into_iter().filter(|(name, _)| !req.params.iter().any(|(k, _)| k == name)).collect();
                if missing.is_empty() {
                    return (route.handler)(ctx, req);
                }
                let mut req = req.clone();
                req.params.extend(missing);
                return (route.handler)(ctx, &req);
            }
        }
        Err(Error::new(codes::UNKNOWN_CALL, "Llamada desconocida").with_data(serde_json::json!({ "path": req.path })))
    }
}

fn match_path(segments: &[Segment], path: &str) -> Option<Vec<(String, String)>> {
    let parts: Vec<&str> = path.trim_matches('/').split('/').collect();
    if parts.len() != segments.len() {
        return None;
    }
    let mut params = Vec::new();
    for (segment, part) in segments.iter().zip(parts) {
        match segment {
            Segment::Literal(lit) if lit == part => {}
            Segment::Literal(_) => return None,
            Segment::Param(name) if !part.is_empty() => params.push((name.clone(), part.to_string())),
            Segment::Param(_) => return None,
        }
    }
    Some(params)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_with_params() {
        let router = Router::new()
            .get("contact/read/{id}", |_, req| Ok(req.param::<i64>("id")? * 2))
            .get("contact/finder", |_, _| Ok("finder"))
            .post("contact/create", |_, _| Ok(1));
        let ctx = Ctx::default();
        assert_eq!(router.dispatch(&ctx, &Req::get("contact/read/21", &[])).unwrap(), "42");
        assert_eq!(router.dispatch(&ctx, &Req::get("contact/finder", &[])).unwrap(), "\"finder\"");
        assert_eq!(router.dispatch(&ctx, &Req::get("contact/read/x", &[])).unwrap_err().code, "REQ-102");
        assert_eq!(router.dispatch(&ctx, &Req::get("contact/create", &[])).unwrap_err().code, "REQ-404");
        assert_eq!(router.dispatch(&ctx, &Req::get("contact/read", &[])).unwrap_err().code, "REQ-404");
    }

    #[test]
    fn built_for_one_call_keeps_its_route() {
        let build = || Router::new().get("contact/read/{id}", |_, req| Ok(req.param::<i64>("id")? * 2)).get("contact/finder", |_, _| Ok("finder"));
        let router = only_for("GET", "contact/read/{id}", build);
        assert_eq!(router.routes.len(), 1);
        // A route the host matched runs with the host's parameters, the path not matched again.
        let req = Req { route: "contact/read/{id}".into(), params: vec![("id".into(), "5".into())], ..Req::get("contact/read/21", &[]) };
        assert_eq!(router.dispatch(&Ctx::default(), &req).unwrap(), "10");
        let req = Req { route: "contact/read/{id}".into(), ..Req::get("contact/read/21", &[]) };
        assert_eq!(router.dispatch(&Ctx::default(), &req).unwrap(), "42");
        assert!(target_outside_for("GET", "contact/read/{id}", "group"));
        assert!(!target_outside_for("GET", "contact/read/{id}", "contact"));
        assert!(target_outside_for("GET", "contact/read/{id}", "contac"));
        // A pattern the router does not know: built whole, matched by path.
        let router = only_for("GET", "contact/other/{id}", build);
        assert_eq!(router.routes.len(), 2);
        assert_eq!(router.dispatch(&Ctx::default(), &Req::get("contact/finder", &[])).unwrap(), "\"finder\"");
        // Outside a call nothing is filtered.
        assert_eq!(build().routes.len(), 2);
    }

    fn target_outside_for(method: &str, pattern: &str, prefix: &str) -> bool {
        TARGET.with(|t| *t.borrow_mut() = Some((method.to_string(), pattern.to_string())));
        let outside = target_outside(prefix);
        TARGET.with(|t| *t.borrow_mut() = None);
        outside
    }

    #[test]
    fn json_text_is_answered_as_it_is() {
        let router = Router::new().get("raw", |_, _| Ok(JsonText::new(r#"{"a": [1,2]}"#))).get("value", |_, _| Ok(vec![1, 2]));
        assert_eq!(router.dispatch(&Ctx::default(), &Req::get("raw", &[])).unwrap(), r#"{"a": [1,2]}"#);
        assert_eq!(router.dispatch(&Ctx::default(), &Req::get("value", &[])).unwrap(), "[1,2]");
    }

    #[test]
    fn json_text_keeps_held_rows_as_parts() {
        let mut text = JsonText::new("{\"items\":");
        text.push_held(&HeldJson { count: 2, handle: 3 });
        text.push_str(",\"total\":");
        text.push_str("2}");
        assert_eq!(text.text(), None);
        assert_eq!(
            text.parts,
            vec![AnswerPart::Text("{\"items\":".into()), AnswerPart::Held(3), AnswerPart::Text(",\"total\":2}".into())]
        );
        assert_eq!(JsonText::new("[1]").text().as_deref(), Some("[1]"));
        let mut text = JsonText::new("[1,");
        text.parts.push(AnswerPart::Text("2]".into()));
        assert_eq!(text.into_answer().unwrap(), "[1,2]");
        assert_eq!(JsonText::default().into_answer().unwrap(), "");
    }

    #[test]
    fn a_page_read_by_the_host_takes_no_text() {
        use crate::sql;
        let read = sql::PageRead {
            total: sql::read("SELECT COUNT(*) FROM t_item", vec![]),
            items: sql::read_json("SELECT id FROM t_item", vec![], vec![]),
            page: 1,
            per_page: 25,
        };
        assert_eq!(JsonText::page(read.clone()).text(), None);
        // Text added to it does not make it text (`into_answer` refuses it).
        let mut text = JsonText::page(read.clone());
        text.push_str("{}");
        assert_eq!(text.text(), None);
        assert_eq!(text.page, Some(read));
    }

    #[test]
    fn later_routes_replace() {
        let router = Router::new().get("a", |_, _| Ok(1)).get("a", |_, _| Ok(2));
        assert_eq!(router.routes().len(), 1);
        assert_eq!(router.dispatch(&Ctx::default(), &Req::get("a", &[])).unwrap(), "2");
    }
}
