//! The shop's legal texts: the legal notice (LSSI art. 10), the privacy policy (RGPD), the cookies
//! policy and the conditions of sale a customer accepts when ordering. The staff write them
//! (`web/legal/update`); every save is a new version and the newest of each kind is in force; the
//! school's site reads those in force (`web/api/legal/read`), and an order keeps the version of
//! the conditions its customer accepted.

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::{host, validate, Checks};

/// The kinds of text, with their Spanish names, in the order the screens show them.
pub const KINDS: &[(&str, &str)] = &[
    ("legal_notice", "Aviso legal"),
    ("privacy", "Política de privacidad"),
    ("cookies", "Política de cookies"),
    ("terms", "Condiciones de compra"),
];
/// A text's title and body, at most.
pub const MAX_TITLE: usize = 200;
pub const MAX_BODY: usize = 100_000;
/// Versions of one kind the history shows.
const HISTORY: i64 = 50;

/// One version of a text.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Text {
    pub kind: String,
    pub version: i64,
    pub title: String,
    pub body: String,
    pub user_id: Option<i64>,
    pub created_at: String,
}

const COLUMNS: &str = "kind, version, title, body, user_id, created_at";

fn kind_name(kind: &str) -> &'static str {
    KINDS.iter().find(|(k, _)| *k == kind).map_or("", |(_, n)| *n)
}

fn check_kind(kind: &str) -> Result<&'static str> {
    KINDS
        .iter()
        .map(|(k, _)| *k)
        .find(|k| *k == kind.trim())
        .ok_or_else(|| Error::invalid_field("kind", "El texto es legal_notice, privacy, cookies o terms"))
}

/// The text of `kind` in force (its newest version), if it was ever written.
pub fn current(ctx: &Ctx, kind: &str) -> Result<Option<Text>> {
    sql::query_optional(
        &format!("SELECT {COLUMNS} FROM web_legal_text WHERE business_id = $1 AND kind = $2 ORDER BY version DESC LIMIT 1"),
        &params![ctx.business_id, kind],
    )
}

/// The version of the conditions of sale in force, when there are some (not emptied).
pub fn terms_version(ctx: &Ctx) -> Result<Option<i64>> {
    Ok(current(ctx, "terms")?.filter(|t| !t.body.is_empty()).map(|t| t.version))
}

fn text_json(text: &Text) -> Value {
    let mut value = json!(text);
    value["name"] = json!(kind_name(&text.kind));
    value
}

/// `GET web/legal/read` (extension, staff): every kind with the text in force (null when never
/// written) and, with `?kind=`, that kind's versions, newest first.
pub fn read(ctx: &Ctx, req: &Req) -> Result<Value> {
    #[derive(Default, Deserialize)]
    #[serde(default)]
    struct Query {
        kind: String,
    }
    let query: Query = req.query()?;
    let mut texts = Vec::new();
    for (kind, name) in KINDS {
        let text = current(ctx, kind)?;
        texts.push(json!({ "kind": kind, "name": name, "current": text.as_ref().map(text_json) }));
    }
    let mut answer = json!({ "texts": texts });
    if !query.kind.trim().is_empty() {
        let kind = check_kind(&query.kind)?;
        let versions: Vec<Text> = sql::query_as(
            &format!("SELECT {COLUMNS} FROM web_legal_text WHERE business_id = $1 AND kind = $2 ORDER BY version DESC LIMIT {HISTORY}"),
            &params![ctx.business_id, kind],
        )?;
        answer["versions"] = Value::Array(versions.iter().map(text_json).collect());
    }
    Ok(answer)
}

/// `POST web/legal/update` (extension) body.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct LegalUpdate {
    /// `legal_notice`, `privacy`, `cookies` or `terms`.
    pub kind: String,
    /// Required with a body, at most 200 characters.
    pub title: String,
    /// The text (plain text, paragraphs by blank lines), at most 100,000 characters; empty takes
    /// the text down (the site no longer shows it).
    pub body: String,
}

/// `POST web/legal/update` (extension): a new version of a text, in force from now; answers it.
/// The same title and body as the one in force is refused (`CONFLICT-000`): nothing to version.
pub fn update(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: LegalUpdate = req.json()?;
    let mut checks = Checks::new();
    let kind = checks.check(check_kind(&body.kind));
    let text = checks.check(validate::optional("body", body.body.trim(), MAX_BODY)).unwrap_or_default();
    let title = if text.is_empty() {
        checks.check(validate::optional("title", &body.title, MAX_TITLE)).unwrap_or_default()
    } else {
        checks.check(validate::required("title", &body.title, MAX_TITLE)).unwrap_or_default()
    };
    checks.finish()?;
    let kind = kind.ok_or_else(|| Error::internal("checked kind missing"))?;
    let before = current(ctx, kind)?;
    match &before {
        Some(b) if b.title == title && b.body == text => return Err(Error::conflict("El texto no ha cambiado: no hay versión nueva")),
        None if text.is_empty() => return Err(Error::invalid_field("body", "Escriba el texto")),
        _ => {}
    }
    let version = before.map_or(1, |b| b.version + 1);
    let user = (ctx.user_id > 0).then_some(ctx.user_id);
    sql::execute(
        "INSERT INTO web_legal_text (business_id, kind, version, title, body, user_id, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
        &params![ctx.business_id, kind, version, title, text, user, host::now()],
    )?;
    let saved = current(ctx, kind)?.ok_or_else(|| Error::internal("the saved text is gone"))?;
    Ok(text_json(&saved))
}

/// `GET web/api/legal/read` (storefront): the texts in force that the site shows, `[{kind, name,
/// title, body, version, created_at}]` in the kinds' order; `?kind=` just that one
/// (`NOT-FOUND-000` when it has none).
pub fn storefront(ctx: &Ctx, req: &Req) -> Result<Value> {
    #[derive(Default, Deserialize)]
    #[serde(default)]
    struct Query {
        kind: String,
    }
    let query: Query = req.query()?;
    let wanted = if query.kind.trim().is_empty() { None } else { Some(check_kind(&query.kind)?) };
    let mut texts = Vec::new();
    for (kind, _) in KINDS.iter().filter(|(k, _)| wanted.is_none_or(|w| w == *k)) {
        if let Some(text) = current(ctx, kind)?.filter(|t| !t.body.is_empty()) {
            let mut value = text_json(&text);
            if let Some(object) = value.as_object_mut() {
                object.remove("user_id");
            }
            texts.push(value);
        }
    }
    if let Some(kind) = wanted {
        return texts
            .pop()
            .ok_or_else(|| Error::new(codes::NOT_FOUND, format!("La autoescuela no ha publicado «{}»", kind_name(kind))).with_data(json!({ "entity": kind_name(kind) })));
    }
    Ok(Value::Array(texts))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_are_checked_and_named() {
        assert_eq!(check_kind(" terms ").unwrap(), "terms");
        assert!(check_kind("contrato").is_err());
        assert_eq!(kind_name("privacy"), "Política de privacidad");
        assert_eq!(kind_name("x"), "");
    }
}
