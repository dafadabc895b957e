//! Volante's `agreements` plugin: the school's agreements (enrolment contracts, data-protection
//! consents, a guardian's authorisation…), each with a PDF template on which the staff place
//! variables, and the signature requests sent to customers, who sign on a public page
//! (`/agreement/sign/{reference}`) without an account. Signing draws the signer's data and
//! signature onto the template (`files.stamp-pdf`) and keeps the signed PDF. The spec's
//! `agreement/` calls. See README.md.

use volante_plugin_sdk::files::{PdfImage, PdfMark, PdfMarkKind, PdfText};
use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::resource::{self, ListQuery, Page};
use volante_plugin_sdk::{
    events, files, host, links, mail, plugins, realtime, settings, time, validate, Checks,
};

/// Where the plugin keeps its files in the business's document manager.
const FOLDER: &str = "Acuerdos";

/// The agreement types (`agreement/types_agreements`).
pub const TYPES: &[(&str, &str)] = &[
    ("enrolment", "Contrato de matrícula"),
    ("data_protection", "Protección de datos (RGPD)"),
    ("image_rights", "Cesión de derechos de imagen"),
    ("guardian", "Autorización del padre, madre o tutor"),
    ("payment", "Condiciones de pago o financiación"),
    ("other", "Otro"),
];

/// What a placed variable prints (lists.md §2.2): the signer's data, the signature, the DGT
/// register code, the date of signing and its parts, and the business's data.
pub const VARIABLES: &[&str] = &[
    "signature",
    "name",
    "document",
    "birthday",
    "address",
    "city",
    "province",
    "postal_code",
    "phone",
    "guardian_name",
    "guardian_document",
    "dgt_register_code",
    "date",
    "day",
    "month",
    "year",
    "business_name",
    "business_nif",
    "business_address",
];

/// The signer's fields a placed variable asks for, which the signer must then fill in.
const SIGNER_FIELDS: &[&str] = &[
    "name",
    "document",
    "birthday",
    "address",
    "city",
    "province",
    "postal_code",
    "phone",
    "guardian_name",
    "guardian_document",
];

const MONTHS: [&str; 12] = [
    "enero",
    "febrero",
    "marzo",
    "abril",
    "mayo",
    "junio",
    "julio",
    "agosto",
    "septiembre",
    "octubre",
    "noviembre",
    "diciembre",
];

/// Below this age the signer's parent or guardian consents (LOPDGDD art. 7).
const GUARDIAN_BELOW: i32 = 14;

/// A variable placed on the template: `x` and `y` are fractions of the page as a viewer shows
/// it (from its left and top edges); text is `size` points high at its baseline `y`, the
/// signature `width` of the page wide with its top edge at `y`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Placement {
    pub variable: String,
    /// 1 for the first page.
    pub page: u32,
    pub x: f64,
    pub y: f64,
    pub size: f64,
    pub width: f64,
}

impl Default for Placement {
    fn default() -> Placement {
        Placement {
            variable: String::new(),
            page: 1,
            x: 0.0,
            y: 0.0,
            size: 10.0,
            width: 0.25,
        }
    }
}

/// An agreement.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Agreement {
    /// One of `agreement/types_agreements`.
    #[serde(rename = "type")]
    pub kind: String,
    /// Unique in the business.
    pub name: String,
    pub description: String,
    /// A png or jpeg of the business's documents.
    pub cover_file_id: Option<i64>,
    /// The template: a PDF of the business's documents. Needed to request signatures.
    pub pdf_file_id: Option<i64>,
    /// The variables placed on the template.
    pub variables: Vec<Placement>,
    /// Include it in the DGT register book with the licence.
    pub dgt_register: bool,
}

impl Resource for Agreement {
    const NAME: &'static str = "agreement";
    const LABEL: &'static str = "Acuerdo";
    const TABLE: &'static str = "agreements_agreement";
    const SEARCH: &'static [&'static str] = &["name", "description"];
    const UNIQUE: &'static [&'static str] = &["name"];
    const ORDER_BY: &'static str = "name ASC, id ASC";

    fn prepare(&mut self, _ctx: &Ctx, _id: Option<i64>) -> Result<()> {
        let mut checks = Checks::new();
        let types: Vec<&str> = TYPES.iter().map(|(id, _)| *id).collect();
        if let Some(kind) = checks.check(validate::one_of("type", &self.kind, &types)) {
            self.kind = kind.to_string();
        }
        if let Some(name) = checks.check(validate::required("name", &self.name, 200)) {
            self.name = name;
        }
        if let Some(description) =
            checks.check(validate::optional("description", &self.description, 5000))
        {
            self.description = description;
        }
        if let Some(cover) = self.cover_file_id {
            checks.check(validate::image_file("cover_file_id", cover));
        }
        if let Some(pdf) = self.pdf_file_id {
            checks.check(pdf_file("pdf_file_id", pdf));
        }
        if self.variables.len() > 200 {
            checks.push(Error::invalid_field(
                "variables",
                "Como mucho 200 variables",
            ));
        }
        for (i, placement) in self.variables.iter_mut().enumerate() {
            placement.variable = placement.variable.trim().to_string();
            let field = |name: &str| format!("variables[{i}].{name}");
            if !VARIABLES.contains(&placement.variable.as_str()) {
                checks.push(Error::invalid_field(
                    &field("variable"),
                    "Variable desconocida",
                ));
            }
            if placement.page == 0 {
                checks.push(Error::invalid_field(
                    &field("page"),
                    "Las páginas empiezan en 1",
                ));
            }
            for (name, value) in [("x", placement.x), ("y", placement.y)] {
                if !(0.0..=1.0).contains(&value) {
                    checks.push(Error::invalid_field(
                        &field(name),
                        "La posición va de 0 a 1 (fracción de la página)",
                    ));
                }
            }
            if placement.variable == "signature" {
                if !(placement.width > 0.0 && placement.width <= 1.0) {
                    checks.push(Error::invalid_field(
                        &field("width"),
                        "El ancho de la firma va de más de 0 a 1 (fracción de la página)",
                    ));
                }
            } else if !(4.0..=72.0).contains(&placement.size) {
                checks.push(Error::invalid_field(
                    &field("size"),
                    "El tamaño del texto va de 4 a 72 puntos",
                ));
            }
        }
        if !self.variables.is_empty() && self.pdf_file_id.is_none() {
            checks.push(Error::invalid_field(
                "pdf_file_id",
                "Las variables se colocan sobre un PDF: indique el PDF",
            ));
        }
        checks.finish()
    }
}

/// A PDF of the business's documents (content type or name says so).
fn pdf_file(field: &str, file_id: i64) -> Result<()> {
    let Some(info) = files::info(file_id) else {
        return Err(Error::invalid_field(field, "El PDF no existe"));
    };
    if info.content_type.eq_ignore_ascii_case("application/pdf")
        || info.name.to_lowercase().ends_with(".pdf")
    {
        Ok(())
    } else {
        Err(Error::invalid_field(field, "El archivo debe ser un PDF"))
    }
}

/// Who signs: prefilled from the contact when the request names one, completed on the page.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Signer {
    pub name: String,
    /// DNI or NIE.
    pub document: String,
    /// `YYYY-MM-DD`.
    pub birthday: String,
    pub address: String,
    pub city: String,
    pub province: String,
    pub postal_code: String,
    pub phone: String,
    /// The authorised person or legal guardian (required below 14 years).
    pub guardian_name: String,
    pub guardian_document: String,
}

/// A signature request.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct SignRequest {
    pub agreement_id: i64,
    pub contact_id: Option<i64>,
    /// The public link's reference: `/agreement/sign/{reference}`.
    pub reference: String,
    /// `requested` (pending), then `signed`.
    pub status: String,
    /// Where the link was sent (empty: handed over another way).
    pub email: String,
    pub dgt_register_code: String,
    pub signer: Signer,
    pub requested_by: Option<i64>,
    pub signed_at: Option<String>,
    pub signature_file_id: Option<i64>,
    pub signed_file_id: Option<i64>,
}

impl Resource for SignRequest {
    const NAME: &'static str = "agreements_request";
    const PATH: &'static str = "agreement/request";
    const LABEL: &'static str = "Solicitud de firma";
    const FEMININE: bool = true;
    const TABLE: &'static str = "agreements_request";
    const SEARCH: &'static [&'static str] = &["reference", "email"];
    const ORDER_BY: &'static str = "created_at DESC, id DESC";
}

/// The module's settings (`agreement/config/save`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Config {
    /// Days a signing link stays valid (1 to 365).
    pub valid_days: u32,
    /// The e-mail with the link (tera templates; `name`, `agreement`, `business_name`, `url`).
    pub mail_subject: String,
    pub mail_body: String,
    /// Mail the signed PDF to the signer's address.
    pub send_copy: bool,
    /// The business's data printed by the `business_*` variables.
    pub business_name: String,
    pub business_nif: String,
    pub business_address: String,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            valid_days: 30,
            mail_subject: "{{ business_name }}: «{{ agreement }}» pendiente de firma".into(),
            mail_body: "Hola {{ name }}:\n\n{{ business_name }} le pide que lea y firme «{{ agreement }}». Puede hacerlo desde este enlace:\n\n{{ url }}\n\nGracias."
                .into(),
            send_copy: true,
            business_name: String::new(),
            business_nif: String::new(),
            business_address: String::new(),
        }
    }
}

fn config() -> Config {
    settings::get::<Config>("config").unwrap_or_default()
}

/// `agreement/config/save`: the whole configuration (what is left out takes its default).
fn config_save(_ctx: &Ctx, req: &Req) -> Result<Value> {
    let mut config: Config = req.json()?;
    let mut checks = Checks::new();
    if !(1..=365).contains(&config.valid_days) {
        checks.push(Error::invalid_field(
            "valid_days",
            "Los enlaces valen de 1 a 365 días",
        ));
    }
    if let Some(subject) = checks.check(validate::required(
        "mail_subject",
        &config.mail_subject,
        300,
    )) {
        config.mail_subject = subject;
    }
    if let Some(body) = checks.check(validate::required("mail_body", &config.mail_body, 10_000)) {
        if !body.contains("{{ url }}") && !body.contains("{{url}}") {
            checks.push(Error::invalid_field(
                "mail_body",
                "El correo debe llevar el enlace: {{ url }}",
            ));
        }
        config.mail_body = body;
    }
    for (field, value, max) in [
        ("business_name", &mut config.business_name, 200),
        ("business_address", &mut config.business_address, 300),
    ] {
        if let Some(v) = checks.check(validate::optional(field, value, max)) {
            *value = v;
        }
    }
    if let Some(nif) = checks.check(validate::nif_field("business_nif", &config.business_nif)) {
        config.business_nif = nif;
    }
    checks.finish()?;
    settings::set("config", &config)?;
    Ok(serde_json::to_value(config)?)
}

/// `agreement/types_agreements`.
fn types(_ctx: &Ctx, _req: &Req) -> Result<Value> {
    Ok(Value::Array(
        TYPES
            .iter()
            .map(|(id, name)| json!({ "id": id, "name": name }))
            .collect(),
    ))
}

fn type_name(kind: &str) -> &'static str {
    TYPES
        .iter()
        .find(|(id, _)| *id == kind)
        .map_or("", |(_, name)| name)
}

/// A file's URL for a signed-in user of the business.
fn file_url(file_id: Option<i64>) -> Value {
    json!(file_id.map(|id| format!("/api/filesystem/file/read?file_id={id}")))
}

/// A file's URL for the holder of the link `reference`.
fn link_url(file_id: Option<i64>, reference: &str) -> Value {
    json!(file_id.map(|id| format!("/api/filesystem/file/read?file_id={id}&link={reference}")))
}

/// An agreement as the staff see it: its type's name, file URLs, and its requests' counts.
fn agreement_detail(ctx: &Ctx, record: &Record<Agreement>) -> Result<Value> {
    #[derive(Deserialize)]
    struct Counts {
        requested: Option<i64>,
        signed: Option<i64>,
    }
    let counts: Counts = sql::query_one(
        "SELECT SUM(CASE WHEN status = 'requested' THEN 1 ELSE 0 END) AS requested, SUM(CASE WHEN status = 'signed' THEN 1 ELSE 0 END) AS signed
         FROM agreements_request WHERE business_id = $1 AND agreement_id = $2 AND state <> 'deleted'",
        &params![ctx.business_id, record.id],
    )?;
    let mut value = serde_json::to_value(record)?;
    value["type_name"] = json!(type_name(&record.data.kind));
    value["cover_url"] = file_url(record.data.cover_file_id);
    value["pdf_url"] = file_url(record.data.pdf_file_id);
    value["requested"] = json!(counts.requested.unwrap_or(0));
    value["signed"] = json!(counts.signed.unwrap_or(0));
    Ok(value)
}

/// A request as the staff see it.
fn request_detail(record: &Record<SignRequest>) -> Result<Value> {
    let mut value = serde_json::to_value(record)?;
    value["path"] = json!(format!("/agreement/sign/{}", record.data.reference));
    value["signed_url"] = file_url(record.data.signed_file_id);
    Ok(value)
}

/// Draw the template once with sample values, so a placement off its pages is refused when the
/// agreement is saved, not when a customer signs. The drawing is removed again.
fn check_template(agreement: &Agreement) -> Result<()> {
    let (Some(pdf), false) = (agreement.pdf_file_id, agreement.variables.is_empty()) else {
        return Ok(());
    };
    let sample = Signer {
        name: "Nombre Apellido Apellido".into(),
        document: "00000000T".into(),
        birthday: "2000-01-01".into(),
        address: "Calle".into(),
        city: "Ciudad".into(),
        province: "Provincia".into(),
        postal_code: "28001".into(),
        phone: "600000000".into(),
        guardian_name: "Tutor".into(),
        guardian_document: "00000000T".into(),
    };
    // A 1×1 transparent PNG stands for the signature.
    const DOT: &[u8] = &[
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44,
        0x52, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F,
        0x15, 0xC4, 0x89, 0x00, 0x00, 0x00, 0x0B, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x60,
        0x00, 0x02, 0x00, 0x00, 0x05, 0x00, 0x01, 0x7A, 0x5E, 0xAB, 0x3F, 0x00, 0x00, 0x00, 0x00,
        0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ];
    let dot = files::put(FOLDER, "comprobacion-firma.png", "image/png", DOT)?;
    let marks = marks(
        agreement,
        &sample,
        "",
        &Config::default(),
        "2026-01-01",
        Some(dot.file_id),
    );
    let drawn = files::stamp_pdf(pdf, &marks, FOLDER, "comprobacion-plantilla.pdf");
    files::delete(dot.file_id)?;
    match drawn {
        Ok(drawn) => files::delete(drawn.file_id),
        Err(reason) => Err(Error::invalid_field(
            "variables",
            format!("No se pueden colocar las variables en el PDF: {reason}"),
        )),
    }
}

/// `agreement/create`.
fn agreement_create(ctx: &Ctx, req: &Req) -> Result<Value> {
    let record = resource::create::<Agreement>(ctx, req.value()?)?;
    check_template(&record.data)?;
    agreement_detail(ctx, &record)
}

/// `agreement/update`: `id` and the fields that change.
fn agreement_update(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body = resource::object(req.value()?)?;
    let id = resource::body_id(&body)?;
    live_agreement(ctx, id)?;
    let record = resource::update::<Agreement>(ctx, id, Value::Object(body))?;
    check_template(&record.data)?;
    // Pending requests are signed on the agreement as it is then: their links open its files.
    let pending: Vec<String> = sql::query_as(
        "SELECT reference FROM agreements_request WHERE business_id = $1 AND agreement_id = $2 AND status = 'requested' AND state <> 'deleted'",
        &params![ctx.business_id, id],
    )?;
    for reference in &pending {
        for file in [record.data.pdf_file_id, record.data.cover_file_id].into_iter().flatten() {
            links::share_file(reference, file)?;
        }
    }
    agreement_detail(ctx, &record)
}

/// `agreement/file/upload` body (an upload route: the host stored the file first).
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct FileUpload {
    pub file: files::Uploaded,
    /// The kind expected, `pdf` or `image`; empty: either.
    pub kind: String,
}

/// `agreement/file/upload`: a template (PDF) or cover (png/jpeg) into the folder "Acuerdos",
/// for users with the agreement permission but not the document manager's. Answers the file
/// with its `kind`, `pdf` or `image`; anything else, or another kind than the one asked for, is
/// refused, and the host then does not keep the file.
fn file_upload(_ctx: &Ctx, req: &Req) -> Result<Value> {
    let FileUpload { file, kind: expected } = req.json()?;
    let kind = if pdf_file("file", file.file_id).is_ok() {
        "pdf"
    } else if validate::image_file("file", file.file_id).is_ok() {
        "image"
    } else {
        return Err(Error::invalid_field("file", "El archivo debe ser un PDF o una imagen png, jpg o jpeg"));
    };
    match expected.trim() {
        "" => {}
        "pdf" if kind != "pdf" => return Err(Error::invalid_field("file", "El archivo debe ser un PDF")),
        "image" if kind != "image" => return Err(Error::invalid_field("file", "La imagen debe ser png, jpg o jpeg")),
        "pdf" | "image" => {}
        _ => return Err(Error::invalid_field("kind", "El tipo es pdf o image")),
    }
    let mut value = serde_json::to_value(&file)?;
    value["kind"] = json!(kind);
    value["url"] = file_url(Some(file.file_id));
    Ok(value)
}

/// The `{id}` of a body.
#[derive(Debug, Default, Deserialize, JsonSchema)]
pub struct IdBody {
    pub id: i64,
}

fn live_agreement(ctx: &Ctx, id: i64) -> Result<Record<Agreement>> {
    let agreement = resource::find::<Agreement>(ctx, id)?;
    if agreement.state == "deleted" {
        return Err(Error::conflict("El acuerdo está eliminado"));
    }
    Ok(agreement)
}

/// `agreement/delete`: marked deleted; its pending requests can no longer be signed (their
/// links are revoked), the signed ones stay.
fn agreement_delete(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: IdBody = req.json()?;
    live_agreement(ctx, body.id)?;
    let pending: Vec<String> = sql::query_as(
        "SELECT reference FROM agreements_request WHERE business_id = $1 AND agreement_id = $2 AND status = 'requested' AND state <> 'deleted'",
        &params![ctx.business_id, body.id],
    )?;
    for reference in &pending {
        links::revoke(reference)?;
    }
    sql::execute(
        "UPDATE agreements_request SET state = 'deleted', updated_at = $1 WHERE business_id = $2 AND agreement_id = $3 AND status = 'requested'",
        &params![host::now(), ctx.business_id, body.id],
    )?;
    let record = resource::delete::<Agreement>(ctx, body.id)?;
    let mut value = agreement_detail(ctx, &record)?;
    value["requests_cancelled"] = json!(pending.len());
    Ok(value)
}

/// `agreement/read/all` query.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct ListParams {
    #[serde(rename = "type")]
    kind: Option<String>,
}

/// `GET agreement/read/{id}`: one agreement with its requests; `all`: a page of agreements.
fn agreement_read(ctx: &Ctx, req: &Req) -> Result<Value> {
    let id: String = req.param("id")?;
    if id == "all" {
        let list = ListQuery::from_query(req)?;
        let ListParams { kind } = req.query()?;
        let page = match kind.filter(|k| !k.is_empty()) {
            Some(kind) => {
                resource::list_where::<Agreement>(ctx, &list, Some("type = ${}"), params![kind])?
            }
            None => resource::list::<Agreement>(ctx, &list)?,
        };
        let items = page
            .items
            .iter()
            .map(|a| agreement_detail(ctx, a))
            .collect::<Result<Vec<_>>>()?;
        return Ok(serde_json::to_value(Page {
            items,
            total: page.total,
            page: page.page,
            per_page: page.per_page,
            from: page.from,
            to: page.to,
        })?);
    }
    let id: i64 = id
        .parse()
        .map_err(|_| Error::invalid_field("id", "El id es un número o all"))?;
    let agreement = resource::find::<Agreement>(ctx, id)?;
    let requests = resource::list_where::<SignRequest>(
        ctx,
        &ListQuery {
            per_page: Some(500),
            ..Default::default()
        },
        Some("agreement_id = ${}"),
        params![id],
    )?;
    let mut value = agreement_detail(ctx, &agreement)?;
    value["requests"] = Value::Array(
        requests
            .items
            .iter()
            .map(request_detail)
            .collect::<Result<Vec<_>>>()?,
    );
    Ok(value)
}

/// `agreement/request/create` body.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct RequestCreate {
    pub agreement_id: i64,
    /// The contact who signs: their details fill in the signer's.
    pub contact_id: Option<i64>,
    /// Mail the link here (the contact's address when empty and `send_mail`).
    pub email: String,
    pub send_mail: bool,
    /// Printed by the `dgt_register_code` variable (the contact's DGT record when empty).
    pub dgt_register_code: String,
    /// Details to fill in beyond the contact's.
    pub signer: Signer,
}

/// A text of a contact's details (`contact.person`); empty when missing or null.
fn text_of(person: &Value, path: &[&str]) -> String {
    let mut value = person;
    for key in path {
        value = &value[*key];
    }
    value.as_str().unwrap_or_default().trim().to_string()
}

/// Fill `signer`'s empty fields from a contact's details as the contacts plugin gives them.
fn prefill(signer: &mut Signer, person: &Value) {
    let full = ["first_name", "last_name", "second_last_name"]
        .iter()
        .map(|k| text_of(person, &[k]))
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    let name = if full.is_empty() {
        text_of(person, &["display_name"])
    } else {
        full
    };
    let mobile = text_of(person, &["mobile"]);
    let phone = if mobile.is_empty() {
        text_of(person, &["phone"])
    } else {
        mobile
    };
    for (field, value) in [
        (&mut signer.name, name),
        (&mut signer.document, text_of(person, &["fiscal_code"])),
        (&mut signer.birthday, text_of(person, &["birthday"])),
        (&mut signer.address, text_of(person, &["street"])),
        (&mut signer.city, text_of(person, &["city"])),
        (&mut signer.postal_code, text_of(person, &["postal_code"])),
        (&mut signer.phone, phone),
    ] {
        if field.trim().is_empty() {
            *field = value;
        }
    }
}

/// `agreement/request/create`: a pending request with its public link, which opens the
/// agreement's template and cover; mailed when `send_mail`.
fn request_create(ctx: &Ctx, req: &Req) -> Result<Value> {
    create_request(ctx, req.json()?)
}

/// A signature request, as `agreement/request/create` and the `agreement.request` export make
/// it (the latter for a product's "contract" process when the online shop sells it).
fn create_request(ctx: &Ctx, body: RequestCreate) -> Result<Value> {
    let RequestCreate {
        agreement_id,
        contact_id,
        email,
        send_mail,
        mut dgt_register_code,
        mut signer,
    } = body;
    if agreement_id == 0 {
        return Err(Error::required("agreement_id"));
    }
    let agreement = live_agreement(ctx, agreement_id)
        .map_err(|e| e.with_data(json!({ "field": "agreement_id" })))?;
    let Some(pdf) = agreement.data.pdf_file_id else {
        return Err(Error::invalid_field(
            "agreement_id",
            "El acuerdo no tiene PDF para firmar",
        ));
    };
    let mut email = email.trim().to_string();
    if let Some(contact_id) = contact_id {
        let person: Value =
            plugins::try_call("contacts", "contact.person", &json!({ "id": contact_id })).map_err(
                |reason| {
                    host::log::info(&format!(
                        "contact {contact_id} for a signature request: {reason}"
                    ));
                    Error::invalid_field("contact_id", "El contacto no existe")
                },
            )?;
        prefill(&mut signer, &person);
        if email.is_empty() {
            email = text_of(&person, &["email"]);
        }
        if dgt_register_code.trim().is_empty() {
            dgt_register_code = text_of(&person, &["dgt", "dgt_record"]);
        }
    }
    let mut checks = Checks::new();
    if !email.is_empty() {
        if let Some(valid) = checks.check(validate::email("email", &email)) {
            email = valid;
        }
    } else if send_mail {
        checks.push(Error::invalid_field(
            "email",
            "Indique el correo al que enviar el enlace",
        ));
    }
    if let Some(code) = checks.check(validate::optional(
        "dgt_register_code",
        &dgt_register_code,
        50,
    )) {
        dgt_register_code = code;
    }
    checks.finish()?;
    let config = config();
    let reference = links::issue(
        &format!("agreement {agreement_id}"),
        Some(config.valid_days),
    )?;
    links::share_file(&reference, pdf)?;
    if let Some(cover) = agreement.data.cover_file_id {
        links::share_file(&reference, cover)?;
    }
    let request = SignRequest {
        agreement_id,
        contact_id,
        reference: reference.clone(),
        status: "requested".into(),
        email: email.clone(),
        dgt_register_code,
        signer,
        // None when no user asked (a sale's automatic process).
        requested_by: (ctx.user_id != 0).then_some(ctx.user_id),
        ..Default::default()
    };
    let record = resource::insert(ctx, request)?;
    if send_mail {
        let context = json!({
            "name": record.data.signer.name,
            "agreement": agreement.data.name,
            "business_name": config.business_name,
            "reference": reference,
        });
        // `url` is the signing page's address, from the host's `public_url`.
        let body = config
            .mail_body
            .replace(
                "{{ url }}",
                "{{ public_url }}/agreement/sign/{{ reference }}",
            )
            .replace("{{url}}", "{{ public_url }}/agreement/sign/{{ reference }}");
        mail::send(&[email], &config.mail_subject, &body, &context, &[]).map_err(|e| {
            Error::invalid_field(
                "email",
                format!("No se ha podido enviar el correo: {}", e.details),
            )
        })?;
    }
    let mut value = request_detail(&record)?;
    value["mailed"] = json!(send_mail);
    Ok(value)
}

/// `agreement/request/delete`: a pending request is removed and its link revoked; a signed one
/// stays.
fn request_delete(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: IdBody = req.json()?;
    let record = resource::find::<SignRequest>(ctx, body.id)?;
    if record.state == "deleted" {
        return Err(Error::not_found_feminine(SignRequest::LABEL));
    }
    if record.data.status == "signed" {
        return Err(Error::conflict("Un acuerdo firmado no se puede eliminar"));
    }
    links::revoke(&record.data.reference)?;
    let record = resource::delete::<SignRequest>(ctx, body.id)?;
    request_detail(&record)
}

/// The live request `reference` carries (the host already checked the link is live and this
/// business's).
fn request_by_reference(ctx: &Ctx, reference: &str) -> Result<Record<SignRequest>> {
    let id: Option<i64> = sql::query_optional(
        "SELECT id FROM agreements_request WHERE business_id = $1 AND reference = $2 AND state <> 'deleted'",
        &params![ctx.business_id, reference.trim()],
    )?;
    let id = id.ok_or_else(|| Error::not_found_feminine(SignRequest::LABEL))?;
    resource::find::<SignRequest>(ctx, id)
}

/// Which signer fields the template prints (the signer must fill them in).
fn asked_fields(agreement: &Agreement) -> Vec<&'static str> {
    SIGNER_FIELDS
        .iter()
        .copied()
        .filter(|f| agreement.variables.iter().any(|p| p.variable == *f))
        .collect()
}

/// What the signing page shows: the agreement, its files through the link, the signer's data
/// so far, what the signer must fill in, and, once signed, the signed PDF.
fn public_view(ctx: &Ctx, request: &Record<SignRequest>) -> Result<Value> {
    let agreement = resource::find::<Agreement>(ctx, request.data.agreement_id)?;
    let reference = &request.data.reference;
    let config = config();
    Ok(json!({
        "reference": reference,
        "status": request.data.status,
        "created_at": request.created_at,
        "signed_at": request.data.signed_at,
        "business_name": config.business_name,
        "agreement": {
            "name": agreement.data.name,
            "description": agreement.data.description,
            "type": agreement.data.kind,
            "type_name": type_name(&agreement.data.kind),
            "cover_url": link_url(agreement.data.cover_file_id, reference),
            "pdf_url": link_url(agreement.data.pdf_file_id, reference),
            "dgt_register": agreement.data.dgt_register,
        },
        "signer": request.data.signer,
        "fields": asked_fields(&agreement.data),
        "guardian_below": GUARDIAN_BELOW,
        "signed_url": link_url(request.data.signed_file_id, reference),
    }))
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct ReferenceQuery {
    reference: String,
}

/// `GET agreement/request/read?reference=` (no session): the signing page's view.
fn request_read(ctx: &Ctx, req: &Req) -> Result<Value> {
    let q: ReferenceQuery = req.query()?;
    public_view(ctx, &request_by_reference(ctx, &q.reference)?)
}

/// `agreement/request/sign` body.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct SignBody {
    pub reference: String,
    /// The drawn signature: a PNG, as a `data:image/png;base64,…` URL or bare base64.
    pub signature: String,
    pub signer: Signer,
}

/// Whole years from `birthday` to `today` (both `YYYY-MM-DD`).
fn age(birthday: &str, today: &str) -> Option<i32> {
    let (by, bm, bd) = time::parse_date(birthday)?;
    let (ty, tm, td) = time::parse_date(today)?;
    Some(ty - by - i32::from((tm, td) < (bm, bd)))
}

/// The signature's PNG bytes: "La firma no puede estar vacía" when there is none.
fn signature_png(signature: &str) -> Result<Vec<u8>> {
    use base64::Engine as _;
    let empty = || Error::invalid_field("signature", "La firma no puede estar vacía");
    let data = signature.trim();
    let data = data.strip_prefix("data:image/png;base64,").unwrap_or(data);
    if data.is_empty() {
        return Err(empty());
    }
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(data.as_bytes())
        .map_err(|_| Error::invalid_field("signature", "La firma debe ser una imagen PNG"))?;
    if !bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        return Err(Error::invalid_field(
            "signature",
            "La firma debe ser una imagen PNG",
        ));
    }
    if bytes.len() > 1 << 20 {
        return Err(Error::invalid_field(
            "signature",
            "La firma ocupa demasiado (máximo 1 MiB)",
        ));
    }
    Ok(bytes)
}

/// Check the signer's data: name and document always, the other fields the template prints, and
/// a parent or guardian below 14 years (LOPDGDD art. 7).
fn check_signer(signer: &mut Signer, asked: &[&str], today: &str) -> Result<()> {
    let mut checks = Checks::new();
    let mut required = vec!["name", "document"];
    required.extend(asked.iter().filter(|f| !f.starts_with("guardian")));
    for (field, value, max) in [
        ("name", &mut signer.name, 200),
        ("address", &mut signer.address, 300),
        ("city", &mut signer.city, 100),
        ("province", &mut signer.province, 100),
        ("guardian_name", &mut signer.guardian_name, 200),
    ] {
        let checked = if required.contains(&field) {
            validate::required(field, value, max)
        } else {
            validate::optional(field, value, max)
        };
        if let Some(v) = checks.check(checked) {
            *value = v;
        }
    }
    for (field, value) in [
        ("document", &mut signer.document),
        ("guardian_document", &mut signer.guardian_document),
    ] {
        if required.contains(&field) && value.trim().is_empty() {
            checks.push(Error::required(field));
        } else if let Some(v) = checks.check(validate::dni_field(field, value)) {
            *value = v;
        }
    }
    if required.contains(&"birthday") && signer.birthday.trim().is_empty() {
        checks.push(Error::required("birthday"));
    } else if let Some(birthday) = checks.check(validate::date("birthday", &signer.birthday)) {
        if !birthday.is_empty() && birthday.as_str() > today {
            checks.push(Error::invalid_field(
                "birthday",
                "La fecha de nacimiento no puede ser futura",
            ));
        }
        signer.birthday = birthday;
    }
    if required.contains(&"postal_code") && signer.postal_code.trim().is_empty() {
        checks.push(Error::required("postal_code"));
    } else if !signer.postal_code.trim().is_empty() {
        if let Some(code) = checks.check(validate::postal_code(
            "postal_code",
            &signer.postal_code,
            None,
        )) {
            signer.postal_code = code;
        }
    }
    if required.contains(&"phone") && signer.phone.trim().is_empty() {
        checks.push(Error::required("phone"));
    } else if !signer.phone.trim().is_empty() {
        if let Some(phone) = checks.check(validate::phone("phone", &signer.phone)) {
            signer.phone = phone;
        }
    }
    let minor = age(&signer.birthday, today).is_some_and(|years| years < GUARDIAN_BELOW);
    if minor {
        if signer.guardian_name.trim().is_empty() {
            checks.push(Error::invalid_field(
                "guardian_name",
                "Firma un menor de 14 años: indique el padre, la madre o el tutor",
            ));
        }
        if signer.guardian_document.trim().is_empty() {
            checks.push(Error::invalid_field(
                "guardian_document",
                "Indique el DNI o NIE del padre, la madre o el tutor",
            ));
        }
    }
    checks.finish()
}

/// The marks to draw: each placed variable with its value (empty values are left out).
fn marks(
    agreement: &Agreement,
    signer: &Signer,
    dgt_register_code: &str,
    config: &Config,
    date: &str,
    signature: Option<i64>,
) -> Vec<PdfMark> {
    let (year, month, day) = time::parse_date(date).unwrap_or((0, 1, 1));
    agreement
        .variables
        .iter()
        .filter_map(|p| {
            let what = match p.variable.as_str() {
                "signature" => PdfMarkKind::Image(PdfImage {
                    file_id: signature?,
                    width: p.width as f32,
                }),
                variable => {
                    let text = match variable {
                        "name" => signer.name.clone(),
                        "document" => signer.document.clone(),
                        "birthday" => time::spanish_date(&signer.birthday),
                        "address" => signer.address.clone(),
                        "city" => signer.city.clone(),
                        "province" => signer.province.clone(),
                        "postal_code" => signer.postal_code.clone(),
                        "phone" => signer.phone.clone(),
                        "guardian_name" => signer.guardian_name.clone(),
                        "guardian_document" => signer.guardian_document.clone(),
                        "dgt_register_code" => dgt_register_code.to_string(),
                        "date" => time::spanish_date(date),
                        "day" => day.to_string(),
                        "month" => MONTHS[(month as usize).clamp(1, 12) - 1].to_string(),
                        "year" => year.to_string(),
                        "business_name" => config.business_name.clone(),
                        "business_nif" => config.business_nif.clone(),
                        "business_address" => config.business_address.clone(),
                        _ => String::new(),
                    };
                    if text.trim().is_empty() {
                        return None;
                    }
                    PdfMarkKind::Text(PdfText { text, size: p.size as f32 })
                }
            };
            Some(PdfMark {
                page: p.page,
                x: p.x as f32,
                y: p.y as f32,
                what,
            })
        })
        .collect()
}

/// A file name from free text: what a document manager takes.
fn file_name(text: &str) -> String {
    let cleaned: String = text
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || " -_.()".contains(c) {
                c
            } else {
                '-'
            }
        })
        .collect();
    let cleaned = cleaned.trim().trim_matches('.').to_string();
    cleaned.chars().take(120).collect()
}

/// `agreement/request/sign` (no session): a pending request is signed once: the signer's data
/// and the signature are drawn onto the template, the signed PDF is kept (and shared through
/// the link), `agreement.signed` is published, and the signer gets a copy by mail when the
/// configuration says so.
fn request_sign(ctx: &Ctx, req: &Req) -> Result<Value> {
    let SignBody {
        reference,
        signature,
        mut signer,
    } = req.json()?;
    let mut record = request_by_reference(ctx, &reference)?;
    if record.data.status == "signed" {
        return Err(Error::conflict(
            "Este acuerdo ya está firmado: no se puede volver a firmar",
        ));
    }
    let agreement = resource::find::<Agreement>(ctx, record.data.agreement_id)?;
    if agreement.state == "deleted" {
        return Err(Error::conflict("El acuerdo ya no está disponible"));
    }
    let Some(pdf) = agreement.data.pdf_file_id else {
        return Err(Error::conflict("El acuerdo ya no tiene PDF para firmar"));
    };
    let today = host::spanish_today();
    let png = signature_png(&signature);
    let checked = check_signer(&mut signer, &asked_fields(&agreement.data), &today);
    // Every refusal at once: the signature's and the signer's.
    let errors: Vec<Error> = [png.as_ref().err().cloned(), checked.err()]
        .into_iter()
        .flatten()
        .collect();
    if let Some(error) = Error::join(errors) {
        return Err(error);
    }
    let png = png?;
    let config = config();
    let short: String = record.data.reference.chars().take(8).collect();
    let signature = files::put(FOLDER, &format!("firma-{short}.png"), "image/png", &png)?;
    let marks = marks(
        &agreement.data,
        &signer,
        &record.data.dgt_register_code,
        &config,
        &today,
        Some(signature.file_id),
    );
    let signed = files::stamp_pdf(
        pdf,
        &marks,
        FOLDER,
        &format!(
            "{} - {} ({short}).pdf",
            file_name(&agreement.data.name),
            file_name(&signer.name)
        ),
    )
    .map_err(|reason| {
        Error::invalid_field(
            "signature",
            format!("No se ha podido componer el PDF firmado: {reason}"),
        )
    })?;
    links::share_file(&record.data.reference, signed.file_id)?;
    record.data.status = "signed".into();
    record.data.signed_at = Some(host::now());
    record.data.signer = signer;
    record.data.signature_file_id = Some(signature.file_id);
    record.data.signed_file_id = Some(signed.file_id);
    resource::save(ctx, record.id, &record.data)?;
    events::publish(
        "agreement.signed",
        &json!({
            "request_id": record.id,
            "agreement_id": agreement.id,
            "contact_id": record.data.contact_id,
            "signed_file_id": signed.file_id,
            "dgt_register": agreement.data.dgt_register,
        }),
    )?;
    // Whoever asked for the signature hears of it at once, wherever they are in Volante.
    if let Some(requester) = record.data.requested_by {
        realtime::push_to(
            &[requester],
            "notice",
            &json!({
                "title": format!("{} ha firmado «{}»", record.data.signer.name, agreement.data.name),
                "link": format!("/agreement/view/{}", agreement.id),
            }),
        )?;
    }
    if config.send_copy && !record.data.email.is_empty() {
        let bytes = files::get(signed.file_id)?;
        let attachment = mail::Attachment {
            filename: signed.name.clone(),
            content_type: "application/pdf".into(),
            bytes,
        };
        let sent = mail::send(
            &[record.data.email.clone()],
            "{{ agreement }}: copia firmada",
            "Hola {{ name }}:\n\nLe enviamos la copia firmada de «{{ agreement }}».\n\n{{ business_name }}",
            &json!({ "name": record.data.signer.name, "agreement": agreement.data.name, "business_name": config.business_name }),
            &[attachment],
        );
        // The signature stands even when the copy cannot be mailed; the page offers the PDF.
        if let Err(err) = sent {
            host::log::warn(&format!(
                "the signed copy of request {} was not mailed: {}",
                record.id, err.details
            ));
        }
    }
    let record = resource::find::<SignRequest>(ctx, record.id)?;
    public_view(ctx, &record)
}

/// `GET agreement/config/read`.
fn config_read(_ctx: &Ctx, _req: &Req) -> Result<Value> {
    Ok(serde_json::to_value(config())?)
}

#[derive(Deserialize)]
struct ContactArgs {
    contact_id: i64,
}

/// One agreement sent to a customer, as the customer's own area shows it
/// (`agreement.of_contact`): the page to sign it while pending, the signed PDF once signed.
#[derive(Debug, Serialize)]
struct CustomerAgreement {
    id: i64,
    agreement_name: String,
    #[serde(rename = "type")]
    kind: String,
    type_name: String,
    status: String,
    requested_at: String,
    signed_at: Option<String>,
    sign_path: Option<String>,
    signed_url: Option<String>,
}

/// The signature requests sent to the contact `contact_id` (not deleted), newest first.
fn of_contact(ctx: &Ctx, contact_id: i64) -> Result<Vec<CustomerAgreement>> {
    #[derive(Deserialize)]
    struct Row {
        id: i64,
        created_at: String,
        reference: String,
        status: String,
        signed_at: Option<String>,
        signed_file_id: Option<i64>,
        name: String,
        kind: String,
    }
    let rows: Vec<Row> = sql::query_as(
        "SELECT r.id, r.created_at, r.reference, r.status, r.signed_at, r.signed_file_id, a.name, a.type AS kind \
         FROM agreements_request r JOIN agreements_agreement a ON a.id = r.agreement_id AND a.business_id = r.business_id \
         WHERE r.business_id = $1 AND r.contact_id = $2 AND r.state <> 'deleted' ORDER BY r.id DESC LIMIT 200",
        &params![ctx.business_id, contact_id],
    )?;
    Ok(rows
        .into_iter()
        .map(|row| {
            let signed = row.status == "signed";
            CustomerAgreement {
                id: row.id,
                agreement_name: row.name,
                type_name: TYPES.iter().find(|(k, _)| *k == row.kind).map(|(_, n)| n.to_string()).unwrap_or_default(),
                kind: row.kind,
                requested_at: row.created_at,
                signed_at: row.signed_at,
                sign_path: (!signed).then(|| format!("/agreement/sign/{}", row.reference)),
                signed_url: link_url(row.signed_file_id.filter(|_| signed), &row.reference).as_str().map(str::to_string),
                status: row.status,
            }
        })
        .collect())
}

pub struct Agreements;

impl Plugin for Agreements {
    fn router() -> Router {
        Router::new()
            .post("agreement/create", agreement_create)
            .get("agreement/read/{id}", agreement_read)
            .get("agreement/types_agreements", types)
            .post("agreement/update", agreement_update)
            .post("agreement/delete", agreement_delete)
            .get("agreement/config/read", config_read)
            .post("agreement/config/save", config_save)
            .post("agreement/request/create", request_create)
            .get("agreement/request/read", request_read)
            .post("agreement/request/sign", request_sign)
            .post("agreement/request/delete", request_delete)
            .post("agreement/file/upload", file_upload)
    }

    fn invoke(ctx: &Ctx, function: &str, args_json: &str) -> std::result::Result<String, String> {
        match function {
            // The online shop's customer area lists the customer's own agreements.
            "agreement.of_contact" => {
                let args: ContactArgs = serde_json::from_str(args_json).map_err(|e| e.to_string())?;
                let found = of_contact(ctx, args.contact_id).map_err(|e| e.details)?;
                serde_json::to_string(&found).map_err(|e| e.to_string())
            }
            // A product's "contract" process (products, when the online shop sells it): a
            // request to sign, mailed to the buyer (`agreement/request/create`'s body).
            "agreement.request" => {
                let body: RequestCreate = serde_json::from_str(args_json).map_err(|e| e.to_string())?;
                let made = create_request(ctx, body).map_err(|e| e.details)?;
                serde_json::to_string(&made).map_err(|e| e.to_string())
            }
            other => Err(format!("unknown function `{other}`")),
        }
    }

    fn schemas(schemas: &mut Schemas) {
        schemas
            .resource::<Agreement>()
            .add::<IdBody>("agreements_id")
            .add::<Config>("agreements_config")
            .add::<RequestCreate>("agreements_request_create")
            .add::<SignBody>("agreements_sign")
            .add::<FileUpload>("agreements_file");
    }
}

volante_plugin_sdk::plugin!(Agreements);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ages_count_whole_years() {
        assert_eq!(age("2012-11-27", "2026-11-26"), Some(13));
        assert_eq!(age("2012-11-26", "2026-11-26"), Some(14));
        assert_eq!(age("", "2026-11-26"), None);
    }

    #[test]
    fn a_minor_needs_a_guardian_and_printed_fields_are_required() {
        let mut signer = Signer {
            name: "Lucía Pérez".into(),
            document: "54362315K".into(),
            birthday: "2013-05-01".into(),
            ..Default::default()
        };
        let err = check_signer(&mut signer.clone(), &[], "2026-11-26").unwrap_err();
        let fields: Vec<String> = err
            .into_list()
            .iter()
            .map(|e| e.field().unwrap_or_default().to_string())
            .collect();
        assert_eq!(fields, ["guardian_name", "guardian_document"]);
        signer.birthday = "2000-05-01".into();
        let err =
            check_signer(&mut signer.clone(), &["address", "phone"], "2026-11-26").unwrap_err();
        let fields: Vec<String> = err
            .into_list()
            .iter()
            .map(|e| e.field().unwrap_or_default().to_string())
            .collect();
        assert_eq!(fields, ["address", "phone"]);
        assert!(check_signer(&mut signer, &[], "2026-11-26").is_ok());
    }

    #[test]
    fn marks_print_values_and_leave_out_empty_ones() {
        let agreement = Agreement {
            variables: vec![
                Placement {
                    variable: "name".into(),
                    ..Default::default()
                },
                Placement {
                    variable: "month".into(),
                    ..Default::default()
                },
                Placement {
                    variable: "phone".into(),
                    ..Default::default()
                },
                Placement {
                    variable: "signature".into(),
                    ..Default::default()
                },
            ],
            ..Default::default()
        };
        let signer = Signer {
            name: "Ana".into(),
            ..Default::default()
        };
        let marks = marks(
            &agreement,
            &signer,
            "",
            &Config::default(),
            "2026-11-26",
            None,
        );
        let texts: Vec<String> = marks
            .iter()
            .map(|m| match &m.what {
                PdfMarkKind::Text(t) => t.text.clone(),
                PdfMarkKind::Image(_) => "image".into(),
            })
            .collect();
        assert_eq!(texts, ["Ana", "noviembre"]);
    }

    #[test]
    fn an_empty_signature_is_refused_with_the_spec_message() {
        assert_eq!(
            signature_png("data:image/png;base64,").unwrap_err().details,
            "La firma no puede estar vacía"
        );
        assert_eq!(
            signature_png("   ").unwrap_err().details,
            "La firma no puede estar vacía"
        );
        assert_eq!(
            signature_png("aGVsbG8=").unwrap_err().details,
            "La firma debe ser una imagen PNG"
        );
    }
}
