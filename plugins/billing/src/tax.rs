//! Taxes (`tax/*`): rates with a kind (IVA, IGIC, IPSI), a group and a region. Regions are
//! switched on per business (`POST tax/region`); a tax of a region that is off cannot be used
//! on new lines. A business starts with the Spanish rates (IVA 21/10/4/0 in the peninsula and
//! Balearics; IGIC 7/3/0/9.5/15 in the Canaries, region off until switched on).

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::resource::{self, ListQuery};
use volante_plugin_sdk::{host, validate, Checks};

use crate::money::percent_from_decimal;

/// The regions a tax may belong to, with their Spanish names.
pub const REGIONS: &[(&str, &str)] =
    &[("peninsula", "Península y Baleares (IVA)"), ("canarias", "Canarias (IGIC)"), ("ceuta_melilla", "Ceuta y Melilla (IPSI)")];

/// Tax kinds and their Facturae codes.
pub const KINDS: &[(&str, &str)] = &[("IVA", "01"), ("IPSI", "02"), ("IGIC", "03")];

#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Tax {
    pub name: String,
    /// `IVA`, `IGIC` or `IPSI`.
    pub kind: String,
    /// Hundredths of a percent (`2100` = 21 %). On create/update `rate_percent` (a decimal) may
    /// be sent instead.
    pub rate: i64,
    /// `General`, `Reducido`, `Superreducido`, `Exento`…
    pub tax_group: String,
    /// `peninsula`, `canarias` or `ceuta_melilla`.
    pub region: String,
    /// The rate proposed for new lines.
    pub is_default: bool,
}

impl Resource for Tax {
    const NAME: &'static str = "tax";
    const LABEL: &'static str = "Impuesto";
    const TABLE: &'static str = "billing_tax";
    const SEARCH: &'static [&'static str] = &["name", "kind", "tax_group"];
    const ORDER_BY: &'static str = "region, rate DESC";

    fn prepare(&mut self, _ctx: &Ctx, _id: Option<i64>) -> Result<()> {
        let mut checks = Checks::new();
        if let Some(n) = checks.check(validate::required("name", &self.name, 100)) {
            self.name = n;
        }
        self.kind = self.kind.trim().to_uppercase();
        if self.kind.is_empty() {
            self.kind = "IVA".into();
        }
        if !KINDS.iter().any(|(k, _)| *k == self.kind) {
            checks.push(Error::invalid_field("kind", "El tipo de impuesto debe ser IVA, IGIC o IPSI"));
        }
        if !(0..=10_000).contains(&self.rate) {
            checks.push(Error::invalid_field("rate", "El porcentaje debe estar entre 0 y 100"));
        }
        if self.region.is_empty() {
            self.region = match self.kind.as_str() {
                "IGIC" => "canarias",
                "IPSI" => "ceuta_melilla",
                _ => "peninsula",
            }
            .into();
        }
        if !REGIONS.iter().any(|(r, _)| *r == self.region) {
            checks.push(Error::invalid_field("region", "La región no es válida"));
        }
        if let Some(g) = checks.check(validate::optional("tax_group", &self.tax_group, 60)) {
            self.tax_group = g;
        }
        checks.finish()
    }
}

/// The Facturae code of a kind (`01` when unknown).
pub fn facturae_code(kind: &str) -> &'static str {
    KINDS.iter().find(|(k, _)| *k == kind).map(|(_, c)| *c).unwrap_or("01")
}

/// Accept `rate_percent` (decimal) and `group` as friendlier names on writes.
pub fn normalise_body(mut body: Value) -> Result<Value> {
    if let Some(obj) = body.as_object_mut() {
        if let Some(p) = obj.remove("rate_percent").and_then(|v| v.as_f64()) {
            let bp = percent_from_decimal("rate_percent", p).map_err(|e| Error::invalid_field(&e.field, e.message))?;
            obj.insert("rate".into(), json!(bp));
        }
        if let Some(g) = obj.remove("group") {
            obj.insert("tax_group".into(), g);
        }
    }
    Ok(body)
}

const DEFAULTS: &[(&str, &str, i64, &str, &str, bool)] = &[
    ("IVA 21 %", "IVA", 2100, "General", "peninsula", true),
    ("IVA 10 %", "IVA", 1000, "Reducido", "peninsula", false),
    ("IVA 4 %", "IVA", 400, "Superreducido", "peninsula", false),
    ("IVA exento", "IVA", 0, "Exento", "peninsula", false),
    ("IGIC 7 %", "IGIC", 700, "General", "canarias", false),
    ("IGIC 3 %", "IGIC", 300, "Reducido", "canarias", false),
    ("IGIC 0 %", "IGIC", 0, "Tipo cero", "canarias", false),
    ("IGIC 9,5 %", "IGIC", 950, "Incrementado", "canarias", false),
    ("IGIC 15 %", "IGIC", 1500, "Especial incrementado", "canarias", false),
];

/// Seed the default regions and rates the first time the business uses taxes.
pub fn ensure_defaults(ctx: &Ctx) -> Result<()> {
    let regions: i64 = sql::query_scalar("SELECT COUNT(*) FROM billing_tax_region WHERE business_id = $1", &params![ctx.business_id])?;
    if regions > 0 {
        return Ok(());
    }
    let now = host::now();
    for (code, name) in REGIONS {
        sql::execute(
            "INSERT INTO billing_tax_region (business_id, code, name, active, updated_at) VALUES ($1, $2, $3, $4, $5) \
             ON CONFLICT (business_id, code) DO NOTHING",
            &params![ctx.business_id, *code, *name, *code == "peninsula", now],
        )?;
    }
    for (name, kind, rate, group, region, default) in DEFAULTS {
        let tax = Tax {
            name: name.to_string(),
            kind: kind.to_string(),
            rate: *rate,
            tax_group: group.to_string(),
            region: region.to_string(),
            is_default: *default,
        };
        resource::insert::<Tax>(ctx, tax)?;
    }
    Ok(())
}

#[derive(Debug, Deserialize)]
pub struct Region {
    pub code: String,
    pub name: String,
    pub active: bool,
}

pub fn regions(ctx: &Ctx) -> Result<Vec<Region>> {
    ensure_defaults(ctx)?;
    sql::query_as("SELECT code, name, active FROM billing_tax_region WHERE business_id = $1 ORDER BY id", &params![ctx.business_id])
}

fn region_json(r: &Region) -> Value {
    json!({ "code": r.code, "name": r.name, "active": r.active })
}

/// `GET tax/read`: every tax not deleted (`?id=` one), each with whether its region is on.
pub fn read(ctx: &Ctx, req: &Req) -> Result<Value> {
    ensure_defaults(ctx)?;
    if let Some(id) = req.query_value("id") {
        let id: i64 = id.parse().map_err(|_| Error::invalid_field("id", "El campo id no es válido"))?;
        return Ok(serde_json::to_value(resource::find::<Tax>(ctx, id)?)?);
    }
    let active: Vec<String> = regions(ctx)?.into_iter().filter(|r| r.active).map(|r| r.code).collect();
    let page = resource::list::<Tax>(ctx, &ListQuery { per_page: Some(500), ..ListQuery::default() })?;
    let items: Vec<Value> = page
        .items
        .into_iter()
        .map(|r| {
            let mut v = serde_json::to_value(&r).unwrap_or_default();
            v["region_active"] = json!(active.contains(&r.data.region));
            v
        })
        .collect();
    Ok(json!(items))
}

/// `GET tax/group`: the taxes by group.
pub fn groups(ctx: &Ctx, _req: &Req) -> Result<Value> {
    ensure_defaults(ctx)?;
    let page = resource::list::<Tax>(ctx, &ListQuery { per_page: Some(500), ..ListQuery::default() })?;
    let mut groups: Vec<(String, Vec<Value>)> = Vec::new();
    for r in page.items {
        let key = r.data.tax_group.clone();
        let v = serde_json::to_value(&r)?;
        match groups.iter_mut().find(|(g, _)| *g == key) {
            Some((_, list)) => list.push(v),
            None => groups.push((key, vec![v])),
        }
    }
    Ok(json!(groups.into_iter().map(|(name, taxes)| json!({ "name": name, "taxes": taxes })).collect::<Vec<_>>()))
}

/// `GET tax/region`: the regions and whether each is on.
pub fn region_read(ctx: &Ctx, _req: &Req) -> Result<Value> {
    Ok(json!(regions(ctx)?.iter().map(region_json).collect::<Vec<_>>()))
}

#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct RegionToggle {
    /// `peninsula`, `canarias` or `ceuta_melilla`.
    #[serde(alias = "region")]
    pub code: String,
    /// Set this state; absent: switch it.
    pub active: Option<bool>,
}

/// `POST tax/region`: switch a region on or off.
pub fn region_toggle(ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: RegionToggle = req.json()?;
    let current = regions(ctx)?
        .into_iter()
        .find(|r| r.code == body.code)
        .ok_or_else(|| Error::invalid_field("code", "La región no es válida"))?;
    let active = body.active.unwrap_or(!current.active);
    sql::execute(
        "UPDATE billing_tax_region SET active = $1, updated_at = $2 WHERE business_id = $3 AND code = $4",
        &params![active, host::now(), ctx.business_id, body.code],
    )?;
    Ok(region_json(&Region { active, ..current }))
}

/// A tax usable on a new line: exists, not deleted or inactive, and its region is on.
pub fn usable(ctx: &Ctx, id: i64, field: &str) -> Result<Record<Tax>> {
    let unknown = || Error::invalid_field(field, "El impuesto no existe o su región no está activa");
    let record = resource::find_optional::<Tax>(ctx, id)?.ok_or_else(unknown)?;
    if record.state != "active" {
        return Err(unknown());
    }
    let on = regions(ctx)?.into_iter().any(|r| r.code == record.data.region && r.active);
    if !on {
        return Err(unknown());
    }
    Ok(record)
}

/// The taxes usable on a new line (active, of an active region), the default one first.
pub fn usable_all(ctx: &Ctx) -> Result<Vec<Record<Tax>>> {
    ensure_defaults(ctx)?;
    let active: Vec<String> = regions(ctx)?.into_iter().filter(|r| r.active).map(|r| r.code).collect();
    let page = resource::list::<Tax>(ctx, &ListQuery { per_page: Some(500), state: Some("active".into()), ..ListQuery::default() })?;
    let mut usable: Vec<Record<Tax>> = page.items.into_iter().filter(|r| active.contains(&r.data.region)).collect();
    usable.sort_by_key(|r| !r.data.is_default);
    Ok(usable)
}

/// The default tax (the one marked, else the first active one of an active region).
pub fn default_tax(ctx: &Ctx) -> Result<Option<Record<Tax>>> {
    Ok(usable_all(ctx)?.into_iter().next())
}
