//! Suppliers (`provider/`): the contacts whose relation is `provider`, under the spec's own calls,
//! with their own groups (`provider/group/`). Every call needs the `contact.provider` permission
//! (the manifest's routes); a client contact is not found here.

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::resource::{self, ListQuery};

use crate::contact::{Contact, Relation};
use crate::group::{self, ProviderGroup};

/// The supplier `id`, or `NOT-FOUND-000` when it is not one (or not the caller's to see).
fn find(ctx: &Ctx, id: i64) -> Result<Record<Contact>> {
    resource::find_optional::<Contact>(ctx, id)?
        .filter(|c| c.data.relation == Relation::Provider)
        .ok_or_else(|| Error::not_found("Proveedor"))
}

/// The supplier with its groups.
fn detail(ctx: &Ctx, id: i64) -> Result<Value> {
    let record = find(ctx, id)?;
    let mut value = serde_json::to_value(&record)?;
    value["groups"] = json!(group::of_contact(ctx, id, "provider")?);
    Ok(value)
}

/// `provider/create`: a contact with the `provider` relation (a company unless `type` says
/// otherwise).
pub fn create(ctx: &Ctx, req: &Req) -> Result<Value> {
    let mut body = resource::object(req.value()?)?;
    body.insert("relation".into(), json!("provider"));
    body.entry("type").or_insert(json!("E"));
    let record = resource::create::<Contact>(ctx, Value::Object(body))?;
    detail(ctx, record.id)
}

/// `provider/update`: `id` and the fields that change; it stays a supplier.
pub fn update(ctx: &Ctx, req: &Req) -> Result<Value> {
    let mut body = resource::object(req.value()?)?;
    let id = resource::body_id(&body)?;
    find(ctx, id)?;
    body.remove("relation");
    resource::update::<Contact>(ctx, id, Value::Object(body))?;
    detail(ctx, id)
}

/// `provider/state`: active ↔ inactive (or the `state` given).
pub fn state(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body = resource::object(req.value()?)?;
    let id = resource::body_id(&body)?;
    find(ctx, id)?;
    let state = body.get("state").and_then(Value::as_str).map(str::to_string);
    resource::set_state::<Contact>(ctx, id, state.as_deref())?;
    detail(ctx, id)
}

/// `provider/delete`: marked deleted (kept for the invoices and products that name it).
pub fn delete(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body = resource::object(req.value()?)?;
    let id = resource::body_id(&body)?;
    find(ctx, id)?;
    resource::delete::<Contact>(ctx, id)?;
    detail(ctx, id)
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct ReadQuery {
    id: Option<i64>,
    group_id: Option<i64>,
}

/// `GET provider/read`: with `?id=` one supplier and its groups; without, a page of suppliers by
/// name (`search`, `state`, `group_id`, `order`, `page`, `per_page`).
pub fn read(ctx: &Ctx, req: &Req) -> Result<Value> {
    let q: ReadQuery = req.query()?;
    if let Some(id) = q.id {
        return detail(ctx, id);
    }
    let mut list = ListQuery::from_query(req)?;
    list.filter.insert("relation".into(), json!("provider"));
    let page = match q.group_id {
        Some(group_id) => resource::list_where::<Contact>(
            ctx,
            &list,
            Some("id IN (SELECT contact_id FROM contacts_group_member WHERE business_id = ${} AND group_id = ${})"),
            params![ctx.business_id, group_id],
        )?,
        None => resource::list::<Contact>(ctx, &list)?,
    };
    Ok(serde_json::to_value(page)?)
}

/// `provider/group/read`, `/settings/add`, `/settings/remove`: as the clients' groups, on the
/// suppliers' groups and with suppliers only.
pub fn group_read(ctx: &Ctx, req: &Req) -> Result<Value> {
    group::read::<ProviderGroup>(ctx, req)
}

pub fn group_add(ctx: &Ctx, req: &Req) -> Result<Value> {
    group::add::<ProviderGroup>(ctx, req)
}

pub fn group_remove(ctx: &Ctx, req: &Req) -> Result<Value> {
    group::remove::<ProviderGroup>(ctx, req)
}
