//! Contact groups ("grupos") and their members ("settings": add or remove contacts). Clients'
//! groups (`contact/group/`) and suppliers' groups (`provider/group/`) share the table, told apart
//! by `relation`; each set of calls sees only its own.

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::resource::{self, ListQuery};
use volante_plugin_sdk::{host, validate, Checks};

use crate::contact::{Contact, Relation};

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct ContactGroup {
    /// Unique in the business.
    pub name: String,
    pub description: String,
    /// A CSS colour for the UI's chips (`#009EF7`), or empty.
    pub color: String,
    /// `client` or `provider` (set by the calls: `contact/group/` or `provider/group/`).
    pub relation: String,
}

/// A suppliers' group: the same record, under `provider/group/`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(transparent)]
pub struct ProviderGroup(pub ContactGroup);

impl Resource for ProviderGroup {
    const NAME: &'static str = "provider_group";
    const PATH: &'static str = "provider/group";
    const LABEL: &'static str = "Grupo";
    const TABLE: &'static str = "contacts_group";
    const SEARCH: &'static [&'static str] = &["name", "description"];
    const UNIQUE: &'static [&'static str] = &["name"];
    const ORDER_BY: &'static str = "name ASC, id ASC";

    fn prepare(&mut self, _ctx: &Ctx, _id: Option<i64>) -> Result<()> {
        self.0.check("provider")
    }

    fn restrict(_ctx: &Ctx) -> Option<String> {
        Some("relation = 'provider'".into())
    }
}

impl Resource for ContactGroup {
    const NAME: &'static str = "contact_group";
    const PATH: &'static str = "contact/group";
    const LABEL: &'static str = "Grupo";
    const TABLE: &'static str = "contacts_group";
    const SEARCH: &'static [&'static str] = &["name", "description"];
    const UNIQUE: &'static [&'static str] = &["name"];
    const ORDER_BY: &'static str = "name ASC, id ASC";

    fn prepare(&mut self, _ctx: &Ctx, _id: Option<i64>) -> Result<()> {
        self.check("client")
    }

    fn restrict(_ctx: &Ctx) -> Option<String> {
        Some("relation = 'client'".into())
    }
}

impl ContactGroup {
    /// Check and clean the fields of a group of `relation`.
    fn check(&mut self, relation: &str) -> Result<()> {
        self.relation = relation.into();
        let mut checks = Checks::new();
        if let Some(name) = checks.check(validate::required("name", &self.name, 100)) {
            self.name = name;
        }
        if let Some(d) = checks.check(validate::optional("description", &self.description, 1000)) {
            self.description = d;
        }
        if let Some(color) = checks.check(validate::color("color", &self.color)) {
            self.color = color;
        }
        checks.finish()
    }
}

/// A kind of group: which contacts it admits.
pub trait Group: Resource {
    fn admits(contact: &Contact) -> bool;
}

impl Group for ContactGroup {
    fn admits(_contact: &Contact) -> bool {
        true
    }
}

impl Group for ProviderGroup {
    fn admits(contact: &Contact) -> bool {
        contact.relation == Relation::Provider
    }
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct GroupSummary {
    #[serde(flatten)]
    pub group: Value,
    pub members: i64,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct GroupQuery {
    id: Option<i64>,
}

/// `contact/group/read` and `provider/group/read`: with `?id=` one group with its member ids;
/// without, every group of the kind (not deleted) with its member count, searchable.
pub fn read<G: Group>(ctx: &Ctx, req: &Req) -> Result<Value> {
    let query: GroupQuery = req.query()?;
    if let Some(id) = query.id {
        let group = resource::find::<G>(ctx, id)?;
        let members: Vec<i64> = sql::query_as(
            "SELECT m.contact_id FROM contacts_group_member m JOIN contacts_contact c ON c.id = m.contact_id AND c.business_id = m.business_id \
             WHERE m.business_id = $1 AND m.group_id = $2 AND c.state <> 'deleted' ORDER BY m.contact_id",
            &params![ctx.business_id, id],
        )?;
        let mut value = serde_json::to_value(group)?;
        value["contact_ids"] = json!(members);
        return Ok(value);
    }
    let mut list: ListQuery = req.query()?;
    list.per_page = Some(list.per_page.unwrap_or(500));
    let page = resource::list::<G>(ctx, &list)?;
    let counts: Vec<(i64, i64)> = sql::query_as::<Count>(
        "SELECT m.group_id AS group_id, COUNT(*) AS n FROM contacts_group_member m JOIN contacts_contact c ON c.id = m.contact_id AND c.business_id = m.business_id \
         WHERE m.business_id = $1 AND c.state <> 'deleted' GROUP BY m.group_id",
        &params![ctx.business_id],
    )?
    .into_iter()
    .map(|c| (c.group_id, c.n))
    .collect();
    let items: Vec<GroupSummary> = page
        .items
        .into_iter()
        .map(|g| {
            let members = counts.iter().find(|(id, _)| *id == g.id).map(|(_, n)| *n).unwrap_or(0);
            Ok(GroupSummary { group: serde_json::to_value(g)?, members })
        })
        .collect::<Result<_>>()?;
    Ok(json!({ "items": items, "total": page.total, "page": page.page, "per_page": page.per_page, "from": page.from, "to": page.to }))
}

#[derive(Deserialize)]
struct Count {
    group_id: i64,
    n: i64,
}

/// `contact/group/settings/add` and `/remove` body.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Membership {
    #[serde(alias = "id")]
    pub group_id: i64,
    pub contact_ids: Vec<i64>,
    /// One contact (instead of, or besides, `contact_ids`).
    pub contact_id: Option<i64>,
}

impl Membership {
    fn contacts(&self) -> Result<Vec<i64>> {
        let mut ids = self.contact_ids.clone();
        ids.extend(self.contact_id);
        ids.sort_unstable();
        ids.dedup();
        if ids.is_empty() {
            return Err(Error::required("contact_ids"));
        }
        if ids.len() > 1000 {
            return Err(Error::invalid_field("contact_ids", "Como máximo 1000 contactos por llamada"));
        }
        Ok(ids)
    }
}

/// Add contacts to a group (already members are left as they are); a suppliers' group takes
/// only suppliers.
pub fn add<G: Group>(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: Membership = req.json()?;
    let group = resource::find::<G>(ctx, body.group_id)?;
    if group.state == "deleted" {
        return Err(Error::conflict("Grupo está eliminado"));
    }
    let now = host::now();
    let mut added = 0;
    for contact_id in body.contacts()? {
        let contact = resource::find_optional::<Contact>(ctx, contact_id)?;
        if contact.is_none_or(|c| c.state == "deleted" || !G::admits(&c.data)) {
            return Err(Error::not_found("Contacto").with_data(json!({ "entity": "Contacto", "id": contact_id })));
        }
        added += sql::execute(
            "INSERT INTO contacts_group_member (business_id, group_id, contact_id, created_at) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (business_id, group_id, contact_id) DO NOTHING",
            &params![ctx.business_id, body.group_id, contact_id, now],
        )?;
    }
    Ok(json!({ "group_id": body.group_id, "added": added, "members": member_count(ctx, body.group_id)? }))
}

/// Remove contacts from a group (non-members are ignored).
pub fn remove<G: Group>(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: Membership = req.json()?;
    resource::find::<G>(ctx, body.group_id)?;
    let mut removed = 0;
    for contact_id in body.contacts()? {
        removed += sql::execute(
            "DELETE FROM contacts_group_member WHERE business_id = $1 AND group_id = $2 AND contact_id = $3",
            &params![ctx.business_id, body.group_id, contact_id],
        )?;
    }
    Ok(json!({ "group_id": body.group_id, "removed": removed, "members": member_count(ctx, body.group_id)? }))
}

fn member_count(ctx: &Ctx, group_id: i64) -> Result<i64> {
    sql::query_scalar(
        "SELECT COUNT(*) FROM contacts_group_member WHERE business_id = $1 AND group_id = $2",
        &params![ctx.business_id, group_id],
    )
}

/// The groups of `relation` (`client` or `provider`) a contact belongs to: `[{id, name}]`.
pub fn of_contact(ctx: &Ctx, contact_id: i64, relation: &str) -> Result<Vec<Value>> {
    sql::query_as(
        "SELECT g.id AS id, g.name AS name FROM contacts_group g JOIN contacts_group_member m ON m.group_id = g.id AND m.business_id = g.business_id \
         WHERE g.business_id = $1 AND m.contact_id = $2 AND g.relation = $3 AND g.state <> 'deleted' ORDER BY g.name",
        &params![ctx.business_id, contact_id, relation],
    )
}
