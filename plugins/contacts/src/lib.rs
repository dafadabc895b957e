//! Volante's `contacts` plugin: clients and providers (persons and companies) of a business,
//! their DGT record, groups, notifications and synchronisation requests. See README.md.

mod contact;
mod dgt;
mod group;
mod provider;

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::resource::{self, ListQuery};
use volante_plugin_sdk::{host, mail, validate};

pub use contact::{Contact, ContactType, Relation};
pub use dgt::{DgtRecord, DgtUpdate, LICENCE_CLASSES};
pub use group::{ContactGroup, Membership, ProviderGroup};

pub struct Contacts;

impl Plugin for Contacts {
    fn router() -> Router {
        Router::new()
            .resource::<Contact>()
            .resource::<ContactGroup>()
            .resource::<ProviderGroup>()
            .get("contact/read/{id}", read)
            .post("contact/readall", readall)
            .get("contact/zero/{id}", zero)
            .get("contact/finder", finder)
            .get("contact/invoice/{id}", invoice)
            .get("contact/reports", reports)
            .post("contact/notification", notification)
            .post("contact/sincronazion/getau", sync_request)
            .post("contact/dgt/update", dgt::update)
            .get("contact/group/read", group::read::<ContactGroup>)
            .post("contact/group/settings/add", group::add::<ContactGroup>)
            .post("contact/group/settings/remove", group::remove::<ContactGroup>)
            // Suppliers and their groups.
            .post("provider/create", provider::create)
            .post("provider/update", provider::update)
            .post("provider/delete", provider::delete)
            .post("provider/state", provider::state)
            .get("provider/read", provider::read)
            .get("provider/group/read", provider::group_read)
            .post("provider/group/settings/add", provider::group_add)
            .post("provider/group/settings/remove", provider::group_remove)
    }

    fn invoke(ctx: &Ctx, function: &str, args_json: &str) -> std::result::Result<String, String> {
        match function {
            // Other modules (billing, courses) read a contact's billing block.
            "contact.billing" => {
                let args: IdArgs = serde_json::from_str(args_json).map_err(|e| e.to_string())?;
                let record = resource::find::<Contact>(ctx, args.id).map_err(|e| e.details)?;
                serde_json::to_string(&billing_block(&record)).map_err(|e| e.to_string())
            }
            // Other modules (courses) list contacts they refer to: names and ways to reach them.
            "contact.summaries" => {
                let args: IdsArgs = serde_json::from_str(args_json).map_err(|e| e.to_string())?;
                let summaries = summaries(ctx, &args.ids).map_err(|e| e.details)?;
                serde_json::to_string(&summaries).map_err(|e| e.to_string())
            }
            // Other modules (dgt) fill in a person's details from the contact: every field and
            // its DGT record (or null).
            "contact.person" => {
                let args: IdArgs = serde_json::from_str(args_json).map_err(|e| e.to_string())?;
                let person = with_dgt(ctx, args.id).map_err(|e| e.details)?;
                serde_json::to_string(&person).map_err(|e| e.to_string())
            }
            // The online shop's customer area finds who asks to sign in by e-mail: the active
            // customer (client) with that address, the most recent if several share it.
            "contact.by_email" => {
                let args: EmailArgs = serde_json::from_str(args_json).map_err(|e| e.to_string())?;
                let found = by_email(ctx, &args.email).map_err(|e| e.details)?;
                serde_json::to_string(&found).map_err(|e| e.to_string())
            }
            // The online shop's automatic processes need the buyer as a client: the one with
            // their e-mail address or DNI, or a new one made from what they gave.
            "contact.ensure" => {
                let args: EnsureArgs = serde_json::from_str(args_json).map_err(|e| e.to_string())?;
                let found = ensure(ctx, &args).map_err(|e| e.details)?;
                serde_json::to_string(&found).map_err(|e| e.to_string())
            }
            other => Err(format!("unknown function `{other}`")),
        }
    }

    fn schemas(schemas: &mut Schemas) {
        schemas
            .resource::<Contact>()
            .resource::<ContactGroup>()
            .resource::<ProviderGroup>()
            .add::<DgtRecord>("contact_dgt")
            .add::<DgtUpdate>("contact_dgt_update")
            .add::<ReadAll>("contact_readall")
            .add::<Membership>("contact_group_membership")
            .add::<NotificationBody>("contact_notification")
            .add::<SyncBody>("contact_sync");
    }
}

volante_plugin_sdk::plugin!(Contacts);

#[derive(Deserialize)]
struct IdArgs {
    id: i64,
}

#[derive(Deserialize)]
struct IdsArgs {
    ids: Vec<i64>,
}

#[derive(Deserialize)]
struct EmailArgs {
    email: String,
}

/// The id of the active customer contact whose e-mail is `email` (compared trimmed and without
/// case), the most recent one when several share it; `None` for no such contact.
fn by_email(ctx: &Ctx, email: &str) -> Result<Option<i64>> {
    let email = email.trim().to_lowercase();
    if email.is_empty() {
        return Ok(None);
    }
    let mut params = Vec::new();
    let scope = resource::scope_sql::<Contact>(ctx, &mut params);
    params.push(email.to_sql());
    #[derive(Deserialize)]
    struct Found {
        id: i64,
    }
    let found: Vec<Found> = sql::query_as(
        &format!(
            "SELECT id FROM contacts_contact WHERE {scope} AND state = 'active' AND relation = 'client' \
             AND LOWER(TRIM(email)) = ${} ORDER BY id DESC LIMIT 1",
            params.len()
        ),
        &params,
    )?;
    Ok(found.first().map(|f| f.id))
}

/// `contact.ensure` arguments: a buyer's details.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct EnsureArgs {
    name: String,
    email: String,
    /// Their DNI or NIE.
    nif: String,
    phone: String,
}

/// The buyer as a client contact: the active client with their e-mail address, else the live
/// contact with their DNI or NIE, else a new person made from what they gave (without the DNI
/// or phone when the contact form would refuse them). Answers `{id, created}`.
fn ensure(ctx: &Ctx, args: &EnsureArgs) -> Result<Value> {
    if let Some(id) = by_email(ctx, &args.email)? {
        return Ok(json!({ "id": id, "created": false }));
    }
    let nif = args.nif.trim().to_uppercase();
    if !nif.is_empty() {
        let found: Option<IdArgs> = sql::query_optional(
            "SELECT id FROM contacts_contact WHERE business_id = $1 AND fiscal_code = $2 AND state <> 'deleted' ORDER BY id DESC LIMIT 1",
            &params![ctx.business_id, nif.clone()],
        )?;
        if let Some(found) = found {
            return Ok(json!({ "id": found.id, "created": false }));
        }
    }
    let name = args.name.trim();
    let (first, last) = name.split_once(' ').unwrap_or((name, ""));
    let person = json!({ "type": "P", "relation": "client", "first_name": first, "last_name": last.trim(), "email": args.email.trim() });
    let mut full = person.clone();
    full["fiscal_code"] = json!(nif);
    full["phone"] = json!(args.phone.trim());
    let record = match resource::create::<Contact>(ctx, full) {
        Ok(record) => record,
        Err(_) => resource::create::<Contact>(ctx, person)?,
    };
    Ok(json!({ "id": record.id, "created": true }))
}

/// One contact as another module lists it (`contact.summaries`).
#[derive(Debug, Deserialize, Serialize)]
struct Summary {
    id: i64,
    name: String,
    fiscal_code: String,
    email: String,
    phone: String,
    /// `client` or `provider`.
    relation: String,
    state: String,
}

/// The contacts among `ids` the caller sees (deleted ones too, with their state), in `ids`'s
/// order; ids that are not contacts of the business are left out.
fn summaries(ctx: &Ctx, ids: &[i64]) -> Result<Vec<Summary>> {
    if ids.len() > 1000 {
        return Err(Error::invalid_field("ids", "Como máximo 1000 contactos por llamada"));
    }
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let mut params = Vec::new();
    let scope = resource::scope_sql::<Contact>(ctx, &mut params);
    let first = params.len() + 1;
    params.extend(ids.iter().map(|id| id.to_sql()));
    let found: Vec<Summary> = sql::query_as(
        &format!(
            "SELECT id, CASE WHEN display_name <> '' THEN display_name ELSE fiscal_name END AS name, fiscal_code, email, \
             CASE WHEN phone <> '' THEN phone ELSE mobile END AS phone, relation, state FROM contacts_contact \
             WHERE {scope} AND id IN ({})",
            sql::placeholders(first, ids.len())
        ),
        &params,
    )?;
    let mut ordered = Vec::with_capacity(found.len());
    let mut found = found;
    for id in ids {
        if let Some(i) = found.iter().position(|s| s.id == *id) {
            ordered.push(found.swap_remove(i));
        }
    }
    Ok(ordered)
}

/// `contact/read/{id}`: the contact with its DGT record and groups.
fn read(ctx: &Ctx, req: &Req) -> Result<Value> {
    let id: i64 = req.param("id")?;
    let mut value = with_dgt(ctx, id)?;
    value["groups"] = json!(group::of_contact(ctx, id, "client")?);
    Ok(value)
}

/// The contact `id` the caller sees, with its DGT record (or null) as `dgt`.
fn with_dgt(ctx: &Ctx, id: i64) -> Result<Value> {
    let record = resource::find::<Contact>(ctx, id)?;
    let mut value = serde_json::to_value(&record)?;
    value["dgt"] = serde_json::to_value(dgt::read(ctx, id)?)?;
    Ok(value)
}

/// `contact/readall` body: the list query plus an optional group.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct ReadAll {
    #[serde(flatten)]
    pub list: ListQuery,
    /// Only members of this group.
    pub group_id: Option<i64>,
    /// `P` or `E`.
    #[serde(rename = "type")]
    pub kind: Option<ContactType>,
}

/// `contact/readall`: a page of contacts (search, state, filters, order, group).
fn readall(ctx: &Ctx, req: &Req) -> Result<JsonText> {
    let ReadAll { mut list, group_id, kind } = req.json()?;
    if let Some(kind) = kind {
        list.filter.insert("type".into(), serde_json::to_value(kind)?);
    }
    match group_id {
        Some(group_id) => resource::list_json_where::<Contact>(
            ctx,
            &list,
            Some("id IN (SELECT contact_id FROM contacts_group_member WHERE business_id = ${} AND group_id = ${})"),
            params![ctx.business_id, group_id],
        ),
        None => resource::list_json::<Contact>(ctx, &list),
    }
}

/// `contact/zero/{id}`: a blank contact to start a form with ("zero" = nothing filled in).
/// `{id}` 0: empty, in the caller's branch, with the next free code. `{id}` of a contact: the
/// same, taking that contact's branch and address (a relative, or a company's employee, at the
/// same address).
fn zero(ctx: &Ctx, req: &Req) -> Result<Value> {
    let id: i64 = req.param("id")?;
    let mut blank = Contact { branch_id: resource::branch_scope::<Contact>(ctx).or(ctx.branch_id), notifications: true, ..Contact::default() };
    if id != 0 {
        let from = resource::find::<Contact>(ctx, id)?.data;
        blank.branch_id = from.branch_id;
        blank.street = from.street;
        blank.city = from.city;
        blank.province_id = from.province_id;
        blank.postal_code = from.postal_code;
    }
    blank.code = contact::next_code(ctx)?;
    let mut value = serde_json::to_value(&blank)?;
    value["id"] = json!(0);
    value["state"] = json!("active");
    value["dgt"] = Value::Null;
    value["groups"] = json!([]);
    Ok(value)
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct FinderQuery {
    #[serde(alias = "q", alias = "query", alias = "text", alias = "term")]
    search: String,
    limit: Option<u32>,
    #[serde(rename = "type")]
    kind: Option<ContactType>,
}

/// `contact/finder?search=`: quick lookup for pickers. The text is trimmed; under 2 characters
/// the answer is empty. Accent- and case-insensitive, every word must match. At most `limit`
/// (default 10, at most 50) active or inactive contacts.
fn finder(ctx: &Ctx, req: &Req) -> Result<Vec<Value>> {
    let query: FinderQuery = req.query()?;
    let search = query.search.trim();
    if search.chars().count() < 2 {
        return Ok(Vec::new());
    }
    let mut list = ListQuery { search: search.to_string(), per_page: Some(query.limit.unwrap_or(10).clamp(1, 50)), ..ListQuery::default() };
    if let Some(kind) = query.kind {
        list.filter.insert("type".into(), serde_json::to_value(kind)?);
    }
    let page = resource::list::<Contact>(ctx, &list)?;
    Ok(page
        .items
        .into_iter()
        .map(|r| {
            json!({
                "id": r.id,
                "code": r.data.code,
                "type": r.data.kind,
                "display_name": r.data.display_name,
                "fiscal_code": r.data.fiscal_code,
                "email": r.data.email,
                "phone": r.data.phone,
                "branch_id": r.data.branch_id,
                "state": r.state,
            })
        })
        .collect())
}

/// What an invoice needs of a contact.
fn billing_block(record: &Record<Contact>) -> Value {
    let c = &record.data;
    json!({
        "id": record.id,
        "branch_id": c.branch_id,
        "type": c.kind,
        "name": if c.fiscal_name.is_empty() { &c.display_name } else { &c.fiscal_name },
        "tax_code": c.fiscal_code,
        "email": c.email,
        "phone": if c.phone.is_empty() { &c.mobile } else { &c.phone },
        "address": { "street": c.street, "city": c.city, "province_id": c.province_id, "postal_code": c.postal_code },
    })
}

/// `contact/invoice/{id}`: the contact's billing block and its invoices. Invoices belong to the
/// billing plugin: they are read from its `billing_invoice` table when the provider granted it
/// (manifest `[tables] read`); until then the list is empty with `available: false`.
fn invoice(ctx: &Ctx, req: &Req) -> Result<Value> {
    let id: i64 = req.param("id")?;
    let record = resource::find::<Contact>(ctx, id)?;
    let (available, invoices) = billing_rows(ctx, Some(id));
    Ok(json!({ "contact": billing_block(&record), "invoices": invoices, "available": available }))
}

/// Invoices from the billing plugin's table, or `(false, [])` when it is not readable.
fn billing_rows(ctx: &Ctx, contact_id: Option<i64>) -> (bool, Vec<Value>) {
    let (statement, params) = match contact_id {
        Some(id) => (
            "SELECT * FROM billing_invoice WHERE business_id = $1 AND contact_id = $2 ORDER BY id DESC LIMIT 500",
            params![ctx.business_id, id],
        ),
        None => ("SELECT * FROM billing_invoice WHERE business_id = $1 ORDER BY id DESC LIMIT 500", params![ctx.business_id]),
    };
    // The host refuses statements on tables not granted before running them, so a refusal
    // leaves the call's transaction usable.
    match sql::try_query(statement, &params) {
        Ok(rows) => {
            let columns = rows.columns;
            (true, rows.rows.into_iter().map(|r| Value::Object(sql::row_to_json(&columns, r))).collect())
        }
        Err(_) => (false, Vec::new()),
    }
}

#[derive(Deserialize)]
struct Bucket {
    key: Option<String>,
    n: i64,
}

#[derive(Deserialize)]
struct NumBucket {
    key: Option<i64>,
    n: i64,
}

/// `contact/reports`: counts of the contacts the caller sees, by state, type, relation, branch,
/// province and month of creation (last 12 months), and the billing block as in
/// `contact/invoice`.
fn reports(ctx: &Ctx, _req: &Req) -> Result<Value> {
    let mut params = Vec::new();
    let scope = resource::scope_sql::<Contact>(ctx, &mut params);
    let by = |column: &str, extra: &str| -> Result<Vec<Bucket>> {
        sql::query_as(&format!("SELECT {column} AS key, COUNT(*) AS n FROM contacts_contact WHERE {scope}{extra} GROUP BY {column} ORDER BY {column}"), &params)
    };
    let by_num = |column: &str| -> Result<Vec<NumBucket>> {
        sql::query_as(&format!("SELECT {column} AS key, COUNT(*) AS n FROM contacts_contact WHERE {scope} AND state <> 'deleted' GROUP BY {column} ORDER BY {column}"), &params)
    };
    let to_map = |buckets: Vec<Bucket>| -> Value {
        Value::Object(buckets.into_iter().map(|b| (b.key.unwrap_or_default(), json!(b.n))).collect())
    };
    let to_list = |buckets: Vec<NumBucket>, name: &str| -> Value {
        json!(buckets.into_iter().map(|b| json!({ name: b.key, "count": b.n })).collect::<Vec<_>>())
    };
    let active = " AND state <> 'deleted'";
    let today = host::today();
    let year_ago = format!("{}-{}", today[..4].parse::<i32>().unwrap_or(2000) - 1, &today[5..7]);
    let months: Vec<Bucket> = by("SUBSTR(created_at, 1, 7)", &format!("{active} AND SUBSTR(created_at, 1, 7) > '{year_ago}'"))?;
    let (available, invoices) = billing_rows(ctx, None);
    Ok(json!({
        "total": by("state", "")?.iter().filter(|b| b.key.as_deref() != Some("deleted")).map(|b| b.n).sum::<i64>(),
        "by_state": to_map(by("state", "")?),
        "by_type": to_map(by("type", active)?),
        "by_relation": to_map(by("relation", active)?),
        "by_branch": to_list(by_num("branch_id")?, "branch_id"),
        "by_province": to_list(by_num("province_id")?, "province_id"),
        "by_month": to_map(months),
        "billing": { "available": available, "invoices": invoices.len() },
    }))
}

/// `contact/notification` body.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct NotificationBody {
    #[serde(alias = "contact_id")]
    pub id: i64,
    pub subject: String,
    pub message: String,
}

/// `contact/notification`: e-mail a message to the contact and keep it in its history. Refused
/// when the contact has no e-mail or does not accept notifications.
fn notification(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: NotificationBody = req.json()?;
    let record = resource::find::<Contact>(ctx, body.id)?;
    let message = body.message.trim();
    if message.is_empty() {
        return Err(Error::invalid_field("message", "Debe indicar un mensaje"));
    }
    let message = validate::optional("message", message, 10_000)?;
    let subject = validate::optional("subject", &body.subject, 200)?;
    let subject = if subject.is_empty() { "Notificación".to_string() } else { subject };
    if record.state == "deleted" {
        return Err(Error::conflict("Contacto está eliminado"));
    }
    if !record.data.notifications {
        return Err(Error::conflict("El contacto no acepta notificaciones"));
    }
    if record.data.email.is_empty() {
        return Err(Error::invalid_field("email", "El contacto no tiene correo electrónico"));
    }
    // The user's text goes in as template data, never as template source.
    let context = json!({ "subject": subject, "message": message, "name": record.data.display_name });
    mail::send(std::slice::from_ref(&record.data.email), "{{ subject }}", "{{ message }}", &context, &[])
        .map_err(|_| Error::conflict("No se ha podido enviar la notificación"))?;
    let now = host::now();
    let id: i64 = sql::query_scalar(
        "INSERT INTO contacts_notification (business_id, contact_id, channel, recipient, subject, message, created_by, created_at) \
         VALUES ($1, $2, 'email', $3, $4, $5, $6, $7) RETURNING id",
        &params![ctx.business_id, record.id, record.data.email, subject, message, ctx.user_id, now],
    )?;
    Ok(json!({ "id": id, "contact_id": record.id, "channel": "email", "recipient": record.data.email, "subject": subject, "created_at": now }))
}

/// `contact/sincronazion/getau` body: the contacts to synchronise (none: every contact).
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct SyncBody {
    pub id: Option<i64>,
    pub ids: Vec<i64>,
}

/// `contact/sincronazion/getau` (spelling as the clients send it): records a request to
/// synchronise contacts with the external "getau" system. The request is stored `pending` in
/// `contacts_sync`; an integration worker (not part of this plugin) processes it.
fn sync_request(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: SyncBody = req.json()?;
    let mut ids = body.ids.clone();
    ids.extend(body.id);
    ids.sort_unstable();
    ids.dedup();
    if ids.len() > 1000 {
        return Err(Error::invalid_field("ids", "Como máximo 1000 contactos por llamada"));
    }
    let now = host::now();
    let targets: Vec<Option<i64>> = if ids.is_empty() { vec![None] } else { ids.into_iter().map(Some).collect() };
    let mut requests = Vec::new();
    for contact_id in targets {
        if let Some(id) = contact_id {
            resource::find::<Contact>(ctx, id)?;
        }
        let request_id: i64 = sql::query_scalar(
            "INSERT INTO contacts_sync (business_id, contact_id, target, status, requested_by, created_at, updated_at) \
             VALUES ($1, $2, 'getau', 'pending', $3, $4, $4) RETURNING id",
            &params![ctx.business_id, contact_id, ctx.user_id, now],
        )?;
        requests.push(json!({ "id": request_id, "contact_id": contact_id, "status": "pending" }));
    }
    Ok(json!({ "requests": requests, "created_at": now }))
}
