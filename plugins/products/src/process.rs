//! A product's automatic processes (the spec's "purchase triggers"): what runs by itself when a
//! customer buys it. The online shop announces a paid order (`web.order.paid`, with its lines and
//! buyer); each product bought runs its processes once for that order, and each run is kept with
//! what it did, so the staff see it on the product. A process that fails (the agreements module
//! off, a buyer without an e-mail address) is kept as failed and does not stop the others.
//!
//! Kinds run today: `contract` (a request to sign one of the agreements module's agreements,
//! mailed to the buyer), `email` (a message to the buyer, written by the school), and
//! `online_test_days` / `online_test_extend` (access to the online tests for a licence, through
//! the valkiria module: until today + days, or days more), `formative_content` and
//! `formative_percentage` (a formative content for the buyer, or more of it open, through the
//! formative module; the buyer becomes a client contact when they are not one), `practice_class`
//! (a pack of practical lessons through the practices module), `customer_demo` and
//! `customer_enrolled` (the buyer's mode in the online shop: in demo mode they may buy an
//! enrolment but not renew or extend, see [`RENEWING`]) and `test_repetitions` (how many times
//! the buyer may repeat each online test of a licence while enrolled, through the valkiria module).

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::resource::{self, ListQuery, Page};
use volante_plugin_sdk::{host, mail, plugins, validate, Checks};

use crate::product::Product;

/// The kinds a process may be, with their Spanish names.
pub const KINDS: &[(&str, &str)] = &[
    ("contract", "Contrato para firmar"),
    ("email", "Enviar un correo"),
    ("online_test_days", "Dar días de test online"),
    ("online_test_extend", "Ampliar días de test online"),
    ("formative_content", "Contenidos formativos"),
    ("formative_percentage", "Porcentaje de contenidos"),
    ("practice_class", "Clases prácticas"),
    ("customer_demo", "Cliente en modo demostración"),
    ("customer_enrolled", "Cliente matriculado"),
    ("test_repetitions", "Repeticiones de los test"),
];
/// The kinds that renew or extend what a customer already has: a customer in demo mode may not
/// buy a product with one of them.
pub const RENEWING: &[&str] = &["online_test_extend", "formative_percentage"];
/// Processes one product may have.
const MAX_PROCESSES: usize = 10;

/// One automatic process of a product.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Process {
    /// One of [`KINDS`].
    pub kind: String,
    /// `contract`: the agreement to sign (of the agreements module).
    pub agreement_id: Option<i64>,
    /// `email`: the subject and the text; `{{ name }}` (the buyer), `{{ product }}` and
    /// `{{ reference }}` (the order's) are replaced.
    pub subject: String,
    pub body: String,
    /// `online_test_*`: the licence class of the tests, and the days of access.
    pub licence: String,
    /// `online_test_*`: the days of access (required); `formative_content`: the days of access
    /// (none: the content's own).
    pub days: Option<i64>,
    /// `formative_*`: the formative content.
    pub content_id: Option<i64>,
    /// `formative_percentage`: the share of the content's lessons open to the buyer (1 to 100).
    pub percentage: Option<i64>,
    /// `practice_class`: the practices module's type of lesson, and how many (1 to 200) for each
    /// unit bought.
    pub practice_type_id: Option<i64>,
    pub quantity: Option<i64>,
    /// `test_repetitions`: how many times each test of `licence` may be repeated (0 to 99).
    pub repetitions: Option<i64>,
}

/// Check and clean a product's processes (`processes[i].field` for each problem).
pub fn check(checks: &mut Checks, processes: &mut [Process]) {
    if processes.len() > MAX_PROCESSES {
        checks.push(Error::invalid_field("processes", format!("Como máximo {MAX_PROCESSES} procesos por producto")));
        return;
    }
    for (i, process) in processes.iter_mut().enumerate() {
        let field = |name: &str| format!("processes[{i}].{name}");
        let kind = process.kind.trim().to_string();
        if kind != "practice_class" {
            process.practice_type_id = None;
            process.quantity = None;
        }
        if kind != "test_repetitions" {
            process.repetitions = None;
        }
        if !kind.starts_with("online_test_") && kind != "test_repetitions" {
            process.licence.clear();
            if kind != "formative_content" {
                process.days = None;
            }
        }
        if !kind.starts_with("formative_") {
            process.content_id = None;
        }
        if kind != "formative_percentage" {
            process.percentage = None;
        }
        match kind.as_str() {
            "formative_content" | "formative_percentage" => {
                process.agreement_id = None;
                process.subject.clear();
                process.body.clear();
                if process.content_id.is_none_or(|id| id <= 0) {
                    checks.push(Error::invalid_field(&field("content_id"), "Elija el contenido formativo"));
                }
                if kind == "formative_content" && process.days.is_some_and(|d| !(1..=1095).contains(&d)) {
                    checks.push(Error::invalid_field(&field("days"), "Los días de acceso van de 1 a 1095"));
                }
                if kind == "formative_percentage" && process.percentage.is_none_or(|p| !(1..=100).contains(&p)) {
                    checks.push(Error::invalid_field(&field("percentage"), "El porcentaje va de 1 a 100"));
                }
            }
            "online_test_days" | "online_test_extend" => {
                process.agreement_id = None;
                process.subject.clear();
                process.body.clear();
                if process.licence.trim().is_empty() {
                    checks.push(Error::invalid_field(&field("licence"), "Elija el permiso de los tests"));
                } else if let Some(licence) = checks.check(validate::licence_class(&field("licence"), &process.licence)) {
                    process.licence = licence;
                }
                if process.days.is_none_or(|d| !(1..=1095).contains(&d)) {
                    checks.push(Error::invalid_field(&field("days"), "Los días de acceso van de 1 a 1095"));
                }
            }
            "test_repetitions" => {
                process.agreement_id = None;
                process.subject.clear();
                process.body.clear();
                process.days = None;
                if process.licence.trim().is_empty() {
                    checks.push(Error::invalid_field(&field("licence"), "Elija el permiso de los tests"));
                } else if let Some(licence) = checks.check(validate::licence_class(&field("licence"), &process.licence)) {
                    process.licence = licence;
                }
                if process.repetitions.is_none_or(|r| !(0..=99).contains(&r)) {
                    checks.push(Error::invalid_field(&field("repetitions"), "Las repeticiones de cada test van de 0 a 99"));
                }
            }
            "practice_class" => {
                process.agreement_id = None;
                process.subject.clear();
                process.body.clear();
                if process.practice_type_id.is_none_or(|id| id <= 0) {
                    checks.push(Error::invalid_field(&field("practice_type_id"), "Elija el tipo de práctica"));
                }
                if process.quantity.is_none_or(|q| !(1..=200).contains(&q)) {
                    checks.push(Error::invalid_field(&field("quantity"), "Las clases van de 1 a 200"));
                }
            }
            "customer_demo" | "customer_enrolled" => {
                process.agreement_id = None;
                process.subject.clear();
                process.body.clear();
            }
            "contract" => {
                if process.agreement_id.is_none_or(|id| id <= 0) {
                    checks.push(Error::invalid_field(&field("agreement_id"), "Elija el acuerdo que firmará el comprador"));
                }
                process.subject.clear();
                process.body.clear();
            }
            "email" => {
                process.agreement_id = None;
                if let Some(subject) = checks.check(validate::required(&field("subject"), &process.subject, 200)) {
                    process.subject = subject;
                }
                if let Some(body) = checks.check(validate::required(&field("body"), &process.body, 10_000)) {
                    process.body = body;
                }
            }
            _ => checks.push(Error::invalid_field(
                &field("kind"),
                "El proceso es contract, email, online_test_days, online_test_extend, formative_content, formative_percentage, practice_class, customer_demo, customer_enrolled o test_repetitions",
            )),
        }
        process.kind = kind;
    }
}

/// What the online shop says of a paid order.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct PaidOrder {
    pub id: i64,
    pub reference: String,
    pub lines: Vec<PaidLine>,
    pub customer: Buyer,
    /// The buyer's contact, when they bought signed in to their area.
    pub contact_id: Option<i64>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct PaidLine {
    pub product_id: i64,
    /// Units bought (1 when not said).
    pub quantity: Option<i64>,
}

#[derive(Debug, Default, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct Buyer {
    pub name: String,
    pub email: String,
    /// Their DNI or NIE (a person) or NIF.
    pub nif: String,
    pub phone: String,
}

/// `web.order.paid`: every product of the order runs its processes, once per order.
pub fn on_paid(ctx: &Ctx, order: &PaidOrder) -> Result<()> {
    let mut seen = Vec::new();
    for line in &order.lines {
        if seen.contains(&line.product_id) {
            continue;
        }
        seen.push(line.product_id);
        let units: i64 = order.lines.iter().filter(|l| l.product_id == line.product_id).map(|l| l.quantity.unwrap_or(1).max(1)).sum();
        let Some(product) = resource::find_optional::<Product>(ctx, line.product_id)? else { continue };
        for (position, process) in product.data.processes.iter().enumerate() {
            let done: Option<Value> = sql::query_optional(
                "SELECT id FROM products_process_run WHERE business_id = $1 AND order_id = $2 AND product_id = $3 AND position = $4",
                &params![ctx.business_id, order.id, product.id, position as i64],
            )?;
            if done.is_some() {
                continue;
            }
            let (ok, detail) = match run(order, &product.data.name, process, units) {
                Ok(detail) => (true, detail),
                Err(err) => (false, err.details),
            };
            // The buyer is kept with the run, so a failed one can be run again.
            let buyer = json!({ "customer": order.customer, "contact_id": order.contact_id, "units": units }).to_string();
            sql::execute(
                "INSERT INTO products_process_run (business_id, order_id, order_reference, product_id, product_name, position, kind, ok, detail, buyer_email, ran_at, buyer) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
                &params![
                    ctx.business_id,
                    order.id,
                    order.reference.as_str(),
                    product.id,
                    product.data.name.as_str(),
                    position as i64,
                    process.kind.as_str(),
                    ok,
                    detail,
                    order.customer.email.as_str(),
                    host::now(),
                    buyer
                ],
            )?;
        }
    }
    Ok(())
}

/// Run one process for the buyer of `units` of the product; what it did, or why it could not.
fn run(order: &PaidOrder, product: &str, process: &Process, units: i64) -> Result<String> {
    let email = order.customer.email.trim();
    match process.kind.as_str() {
        "email" => {
            if email.is_empty() {
                return Err(Error::conflict("El pedido no tiene correo del comprador"));
            }
            mail::send(
                &[email.to_string()],
                &process.subject,
                &process.body,
                &json!({ "name": order.customer.name, "product": product, "reference": order.reference }),
                &[],
            )?;
            Ok(format!("Correo «{}» enviado a {email}", process.subject))
        }
        "contract" => {
            let agreement_id = process.agreement_id.unwrap_or_default();
            // The buyer's contact fills in the signer: theirs when they bought signed in, else
            // the client contact with their e-mail address, if any.
            let contact_id = match order.contact_id {
                Some(id) => Some(id),
                None if !email.is_empty() => plugins::try_call::<_, Option<i64>>("contacts", "contact.by_email", &json!({ "email": email })).ok().flatten(),
                None => None,
            };
            let made: Value = plugins::try_call(
                "agreements",
                "agreement.request",
                &json!({ "agreement_id": agreement_id, "contact_id": contact_id, "email": email, "send_mail": true,
                         "signer": { "name": order.customer.name } }),
            )
            .map_err(|e| Error::conflict(format!("No se ha podido pedir la firma: {e}")))?;
            Ok(format!("Firma pedida a {} (solicitud {})", made["email"].as_str().unwrap_or(email), made["id"]))
        }
        "online_test_days" | "online_test_extend" => {
            let name = order.customer.name.trim();
            let (first, last) = name.split_once(' ').unwrap_or((name, ""));
            let granted: Value = plugins::try_call(
                "valkiria",
                "valkiria.access",
                &json!({ "dni": order.customer.nif, "first_name": first, "last_name": last.trim(), "email": email, "phone": order.customer.phone,
                         "contact_id": order.contact_id, "licence": process.licence, "days": process.days.unwrap_or_default(),
                         "extend": process.kind == "online_test_extend" }),
            )
            .map_err(|e| Error::conflict(format!("No se ha podido dar acceso a los tests: {e}")))?;
            let until = granted["expires_on"].as_str().map(volante_plugin_sdk::time::spanish_date).unwrap_or_default();
            Ok(format!("Tests del permiso {} hasta el {until}{}", process.licence, if granted["student_created"] == true { " (alumno nuevo)" } else { "" }))
        }
        "formative_content" | "formative_percentage" => {
            let contact_id = buyer_contact(order)?;
            let args = if process.kind == "formative_content" {
                json!({ "content_id": process.content_id, "contact_id": contact_id, "days": process.days, "send": true })
            } else {
                json!({ "content_id": process.content_id, "contact_id": contact_id, "percentage": process.percentage, "send": true })
            };
            let granted: Value = plugins::try_call("formative", "formative.assign", &args)
                .map_err(|e| Error::conflict(format!("No se ha podido dar el contenido formativo: {e}")))?;
            let until = granted["ends_on"].as_str().map(volante_plugin_sdk::time::spanish_date).unwrap_or_default();
            Ok(format!(
                "Contenido formativo {} hasta el {until}, al {} %{}",
                if granted["created"] == true { "asignado" } else { "ampliado" },
                granted["percentage"],
                if email.is_empty() { "" } else { " (enlace enviado)" }
            ))
        }
        "practice_class" => {
            let contact_id = buyer_contact(order)?;
            let quantity = process.quantity.unwrap_or_default() * units;
            let granted: Value = plugins::try_call(
                "practices",
                "practices.bag",
                &json!({ "contact_id": contact_id, "type_id": process.practice_type_id, "quantity": quantity,
                         "notes": format!("Pedido {} de la tienda online: {product}", order.reference) }),
            )
            .map_err(|e| Error::conflict(format!("No se han podido dar las clases prácticas: {e}")))?;
            Ok(format!(
                "Bono de {quantity} {} de {} (permiso {}){}",
                if quantity == 1 { "clase" } else { "clases" },
                granted["type_name"].as_str().unwrap_or_default(),
                granted["licence"].as_str().unwrap_or_default(),
                if granted["student_created"] == true { " (alumno de prácticas nuevo)" } else { "" }
            ))
        }
        "customer_demo" | "customer_enrolled" => {
            let contact_id = buyer_contact(order)?;
            let status = if process.kind == "customer_demo" { "demo" } else { "enrolled" };
            plugins::try_call::<_, Value>("web", "web.customer_status", &json!({ "contact_id": contact_id, "status": status, "order_reference": order.reference }))
                .map_err(|e| Error::conflict(format!("No se ha podido cambiar el modo del cliente: {e}")))?;
            Ok(if status == "demo" { "Cliente en modo demostración".into() } else { "Cliente matriculado".into() })
        }
        "test_repetitions" => {
            let set: Value = plugins::try_call(
                "valkiria",
                "valkiria.repetitions",
                &json!({ "dni": order.customer.nif, "licence": process.licence, "repetitions": process.repetitions }),
            )
            .map_err(|e| Error::conflict(format!("No se han podido fijar las repeticiones de los tests: {e}")))?;
            let times = set["repetitions"].as_i64().unwrap_or_default();
            Ok(format!("Cada test del permiso {} se puede repetir {times} {}", process.licence, if times == 1 { "vez" } else { "veces" }))
        }
        other => Err(Error::conflict(format!("Proceso desconocido: {other}"))),
    }
}

/// The buyer's client contact: theirs when they bought signed in, else the one with their e-mail
/// address or DNI, else a new one (the contacts module's `contact.ensure`).
fn buyer_contact(order: &PaidOrder) -> Result<i64> {
    if let Some(id) = order.contact_id {
        return Ok(id);
    }
    let c = &order.customer;
    let found: Value = plugins::try_call("contacts", "contact.ensure", &json!({ "name": c.name, "email": c.email, "nif": c.nif, "phone": c.phone }))
        .map_err(|e| Error::conflict(format!("El comprador no se ha podido dar de alta como cliente: {e}")))?;
    found["id"].as_i64().ok_or_else(|| Error::internal("contact.ensure answered no id"))
}

/// A run as the product's view lists it.
#[derive(Debug, Serialize, Deserialize)]
struct Run {
    id: i64,
    order_id: i64,
    order_reference: String,
    product_id: i64,
    product_name: String,
    position: i64,
    kind: String,
    /// 1 when it did what it had to (read as a number on both engines).
    ok: i64,
    detail: String,
    buyer_email: String,
    ran_at: String,
    /// How many times it ran (1, more when run again after failing).
    attempts: i64,
}

const RUN_COLUMNS: &str =
    "id, order_id, order_reference, product_id, product_name, position, kind, CASE WHEN ok THEN 1 ELSE 0 END AS ok, detail, buyer_email, ran_at, attempts";

/// A run as answers show it.
fn run_json(run: &Run) -> Value {
    let mut value = json!(run);
    value["ok"] = json!(run.ok == 1);
    value["kind_name"] = json!(KINDS.iter().find(|(k, _)| *k == run.kind).map_or("", |(_, n)| *n));
    value
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct RunsQuery {
    product_id: Option<i64>,
    order_id: Option<i64>,
}

/// `GET product/process/runs?product_id=&order_id=&page=&per_page=`: what the automatic
/// processes did, newest first.
pub fn runs(ctx: &Ctx, req: &Req) -> Result<Value> {
    let q: RunsQuery = req.query()?;
    let list = ListQuery::from_query(req)?;
    let per_page = list.per_page.unwrap_or(25).clamp(1, 500);
    let page = list.page.unwrap_or(1).max(1);
    let mut condition = "business_id = $1".to_string();
    let mut params = params![ctx.business_id];
    if let Some(product_id) = q.product_id {
        resource::find::<Product>(ctx, product_id).map_err(|e| e.with_data(json!({ "field": "product_id" })))?;
        params.push(product_id.to_sql());
        condition.push_str(&format!(" AND product_id = ${}", params.len()));
    }
    if let Some(order_id) = q.order_id {
        params.push(order_id.to_sql());
        condition.push_str(&format!(" AND order_id = ${}", params.len()));
    }
    let total: i64 = sql::query_scalar(&format!("SELECT COUNT(*) FROM products_process_run WHERE {condition}"), &params)?;
    let offset = (page as i64 - 1) * per_page as i64;
    let items: Vec<Run> = sql::query_as(
        &format!(
            "SELECT {RUN_COLUMNS} FROM products_process_run WHERE {condition} ORDER BY ran_at DESC, id DESC LIMIT {per_page} OFFSET {offset}"
        ),
        &params,
    )?;
    let shown = items.len() as i64;
    let items: Vec<Value> = items.iter().map(run_json).collect();
    Ok(serde_json::to_value(Page {
        items,
        total,
        page,
        per_page,
        from: if shown == 0 { 0 } else { offset + 1 },
        to: offset + shown,
    })?)
}

/// `POST product/process/retry` body.
#[derive(Debug, Default, Deserialize, JsonSchema)]
pub struct RetryBody {
    /// The run (of `product/process/runs`).
    pub id: i64,
}

/// `POST product/process/retry`: a failed run is run again (the product's process at the same
/// place, for the same order and buyer), once its cause is mended (the module switched on, the
/// agreement restored, the content published); answers the run with what it did this time.
pub fn retry(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: RetryBody = req.json()?;
    #[derive(Deserialize)]
    struct Stored {
        #[serde(flatten)]
        run: Run,
        buyer: String,
    }
    let stored: Option<Stored> = sql::query_optional(
        &format!("SELECT {RUN_COLUMNS}, buyer FROM products_process_run WHERE business_id = $1 AND id = $2"),
        &params![ctx.business_id, body.id],
    )?;
    let Some(Stored { run: current, buyer }) = stored else {
        return Err(Error::new(codes::NOT_FOUND, "Ejecución no encontrada").with_data(json!({ "entity": "Ejecución", "id": body.id })));
    };
    // Only within the products the caller sees.
    let product = resource::find::<Product>(ctx, current.product_id)?;
    if current.ok == 1 {
        return Err(Error::conflict("El proceso ya se ejecutó bien: no se repite"));
    }
    #[derive(Deserialize)]
    struct Kept {
        customer: Buyer,
        contact_id: Option<i64>,
        /// Units of the product bought (kept since the practical classes; 1 before).
        #[serde(default)]
        units: Option<i64>,
    }
    let kept: Kept = serde_json::from_str(&buyer)
        .map_err(|_| Error::conflict("Esta ejecución es anterior a guardar los datos del comprador: no se puede repetir"))?;
    let process = product
        .data
        .processes
        .get(current.position as usize)
        .filter(|p| p.kind == current.kind)
        .ok_or_else(|| Error::conflict("El producto ya no tiene ese proceso"))?;
    let order = PaidOrder { id: current.order_id, reference: current.order_reference.clone(), lines: Vec::new(), customer: kept.customer, contact_id: kept.contact_id };
    let (ok, detail) = match run(&order, &product.data.name, process, kept.units.unwrap_or(1).max(1)) {
        Ok(detail) => (true, detail),
        Err(err) => (false, err.details),
    };
    sql::execute(
        "UPDATE products_process_run SET ok = $1, detail = $2, ran_at = $3, attempts = attempts + 1 WHERE business_id = $4 AND id = $5",
        &params![ok, detail, host::now(), ctx.business_id, current.id],
    )?;
    let run: Run = sql::query_one(
        &format!("SELECT {RUN_COLUMNS} FROM products_process_run WHERE business_id = $1 AND id = $2"),
        &params![ctx.business_id, current.id],
    )?;
    Ok(run_json(&run))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn processes_are_checked_field_by_field() {
        let mut processes = vec![
            Process { kind: "contract".into(), subject: "x".into(), ..Default::default() },
            Process { kind: " email ".into(), subject: " Bienvenida ".into(), body: "Hola {{ name }}".into(), agreement_id: Some(3), ..Default::default() },
            Process { kind: "email".into(), ..Default::default() },
            Process { kind: "teleport".into(), ..Default::default() },
            Process { kind: "online_test_days".into(), licence: "Z".into(), days: Some(0), ..Default::default() },
            Process { kind: "online_test_extend".into(), licence: " b ".into(), days: Some(30), subject: "x".into(), ..Default::default() },
        ];
        let mut checks = Checks::new();
        check(&mut checks, &mut processes);
        let fields: Vec<String> = checks.finish().unwrap_err().into_list().iter().filter_map(|e| e.field().map(str::to_string)).collect();
        assert_eq!(
            fields,
            ["processes[0].agreement_id", "processes[2].subject", "processes[2].body", "processes[3].kind", "processes[4].licence", "processes[4].days"]
        );
        assert_eq!((processes[5].licence.as_str(), processes[5].days, processes[5].subject.as_str()), ("B", Some(30), ""));
        assert_eq!((processes[1].kind.as_str(), processes[1].subject.as_str(), processes[1].agreement_id), ("email", "Bienvenida", None));
        assert_eq!(processes[0].subject, "");
    }

    #[test]
    fn formative_processes_need_a_content_and_their_own_figures() {
        let mut processes = vec![
            Process { kind: "formative_content".into(), days: Some(0), percentage: Some(50), licence: "B".into(), ..Default::default() },
            Process { kind: "formative_percentage".into(), content_id: Some(4), days: Some(30), ..Default::default() },
            Process { kind: "formative_content".into(), content_id: Some(4), ..Default::default() },
            Process { kind: "formative_percentage".into(), content_id: Some(4), percentage: Some(40), ..Default::default() },
            Process { kind: "email".into(), subject: "a".into(), body: "b".into(), content_id: Some(4), percentage: Some(3), ..Default::default() },
        ];
        let mut checks = Checks::new();
        check(&mut checks, &mut processes);
        let fields: Vec<String> = checks.finish().unwrap_err().into_list().iter().filter_map(|e| e.field().map(str::to_string)).collect();
        assert_eq!(fields, ["processes[0].content_id", "processes[0].days", "processes[1].percentage"]);
        assert_eq!((processes[0].percentage, processes[0].licence.as_str()), (None, ""));
        assert_eq!(processes[1].days, None);
        assert_eq!((processes[2].content_id, processes[2].days), (Some(4), None));
        assert_eq!(processes[3].percentage, Some(40));
        assert_eq!((processes[4].content_id, processes[4].percentage), (None, None));
    }

    #[test]
    fn classes_modes_and_repetitions_keep_only_their_own_fields() {
        let mut processes = vec![
            Process { kind: "practice_class".into(), quantity: Some(0), licence: "B".into(), days: Some(3), ..Default::default() },
            Process { kind: "practice_class".into(), practice_type_id: Some(7), quantity: Some(5), repetitions: Some(2), ..Default::default() },
            Process { kind: "customer_demo".into(), subject: "x".into(), quantity: Some(5), practice_type_id: Some(7), ..Default::default() },
            Process { kind: "customer_enrolled".into(), licence: "B".into(), ..Default::default() },
            Process { kind: "test_repetitions".into(), licence: " b ".into(), repetitions: Some(0), days: Some(30), ..Default::default() },
            Process { kind: "test_repetitions".into(), repetitions: Some(100), ..Default::default() },
        ];
        let mut checks = Checks::new();
        check(&mut checks, &mut processes);
        let fields: Vec<String> = checks.finish().unwrap_err().into_list().iter().filter_map(|e| e.field().map(str::to_string)).collect();
        assert_eq!(fields, ["processes[0].practice_type_id", "processes[0].quantity", "processes[5].licence", "processes[5].repetitions"]);
        assert_eq!((processes[0].licence.as_str(), processes[0].days), ("", None));
        assert_eq!((processes[1].practice_type_id, processes[1].quantity, processes[1].repetitions), (Some(7), Some(5), None));
        assert_eq!((processes[2].subject.as_str(), processes[2].quantity, processes[2].practice_type_id), ("", None, None));
        assert_eq!(processes[3].licence, "");
        assert_eq!((processes[4].licence.as_str(), processes[4].repetitions, processes[4].days), ("B", Some(0), None));
    }

    #[test]
    fn the_renewing_kinds_are_known_kinds() {
        for kind in RENEWING {
            assert!(KINDS.iter().any(|(k, _)| k == kind), "{kind}");
        }
    }

    #[test]
    fn at_most_ten_processes() {
        let mut processes = vec![Process { kind: "email".into(), subject: "a".into(), body: "b".into(), ..Default::default() }; 11];
        let mut checks = Checks::new();
        check(&mut checks, &mut processes);
        assert_eq!(checks.finish().unwrap_err().field(), Some("processes"));
    }
}
