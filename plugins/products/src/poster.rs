//! Marketing posters (the spec's `/marketing/poster/editor` and `/marketing/poster/product/{id}`):
//! a printable poster of a product for the school's window or notice board, with its name,
//! picture, price and a QR code that opens the product's order page in the customer area. The UI
//! lays it out and prints it; `marketing/poster/data` gives it what goes on it, and the school's
//! own design (headline, contact line, colour) is kept for the next poster.

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::host::{directory, settings};
use volante_plugin_sdk::resource;
use volante_plugin_sdk::{plugins, validate, Checks};

use crate::product::{self, Product, StorefrontProduct};

/// The design a poster starts from (`settings` key `poster`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Design {
    /// The line above the product's name (at most 80 characters).
    pub headline: String,
    /// The line at the foot: the school's address, phone, web (at most 200 characters).
    pub contact: String,
    /// The poster's main colour, `#RRGGBB`.
    pub color: String,
}

impl Default for Design {
    fn default() -> Self {
        Design { headline: "¡Matrícula abierta!".into(), contact: String::new(), color: "#009EF7".into() }
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct DataQuery {
    product_id: Option<i64>,
}

/// `GET marketing/poster/data?product_id=`: `{products, product, school, shop_url, qr_svg, design}`:
/// the products on sale to choose from (`[{id, reference, name}]`), the chosen one as the shop
/// shows it (with its `image_file_id`; null without `product_id`), the caller's branch name, the
/// address of its order page in the customer area (null when the shop has no web-api key or the
/// web module is off: the poster then goes without a QR code), that address's QR code as an SVG
/// document and the school's design.
/// A product that is not on sale (hidden, discontinued, inactive) is `CONFLICT-000`.
pub fn data(ctx: &Ctx, req: &Req) -> Result<Value> {
    let query: DataQuery = req.query()?;
    let on_sale = product::storefront(ctx, None)?;
    let products: Vec<Value> = on_sale.iter().map(|p| json!({ "id": p.id, "reference": p.reference, "name": p.name })).collect();
    let (chosen, shop_url) = match query.product_id {
        Some(id) => {
            let record = resource::find::<Product>(ctx, id)?;
            let Some(item) = on_sale.iter().find(|p| p.id == id) else {
                return Err(Error::conflict(format!("«{}» no está a la venta: publíquelo para hacer su cartel", record.data.name)));
            };
            let mut value = serde_json::to_value::<&StorefrontProduct>(item)?;
            value["image_file_id"] = json!(record.data.image_file_id);
            let link: Option<Value> = plugins::try_call("web", "web.order_link", &json!({ "product_id": id })).ok();
            (value, link.and_then(|l| l["url"].as_str().map(str::to_string)))
        }
        None => (Value::Null, None),
    };
    let branches = directory::branches();
    let school = ctx
        .branch_id
        .and_then(|id| branches.iter().find(|b| b.id == id))
        .or_else(|| branches.first())
        .map(|b| b.name.trim().to_string())
        .unwrap_or_default();
    let design: Design = settings::get("poster").unwrap_or_default();
    let qr_svg = shop_url.as_deref().map(qr_svg).transpose()?;
    Ok(json!({ "products": products, "product": chosen, "school": school, "shop_url": shop_url, "qr_svg": qr_svg, "design": design }))
}

/// The QR code of `url` as an SVG document (black on white, with its quiet zone), for print.
pub fn qr_svg(url: &str) -> Result<String> {
    let code = qrcode::QrCode::with_error_correction_level(url.as_bytes(), qrcode::EcLevel::M).map_err(|e| Error::internal(format!("QR code: {e}")))?;
    Ok(code.render::<qrcode::render::svg::Color>().min_dimensions(240, 240).quiet_zone(true).build())
}

/// `POST marketing/poster/update` (extension): the school's design for its posters; answers it.
pub fn update(_ctx: &Ctx, req: &Req) -> Result<Value> {
    let body: Design = req.json()?;
    let mut checks = Checks::new();
    let headline = checks.check(validate::optional("headline", body.headline.trim(), 80));
    let contact = checks.check(validate::optional("contact", body.contact.trim(), 200));
    let color = if body.color.trim().is_empty() { Some(Design::default().color) } else { checks.check(validate::color("color", body.color.trim())) };
    checks.finish()?;
    let design = Design { headline: headline.unwrap_or_default(), contact: contact.unwrap_or_default(), color: color.unwrap_or_default() };
    settings::set("poster", &design)?;
    Ok(serde_json::to_value(&design)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_qr_code_is_an_svg_of_its_modules() {
        let svg = qr_svg("https://autoescuela.example/layout/contact/order/create?key=k&product=7").unwrap();
        assert!(svg.contains("<svg") && svg.contains("</svg>"), "{svg}");
        assert!(svg.contains("#000"), "dark modules drawn: {svg}");
        let longer = qr_svg(&format!("https://autoescuela.example/{}", "x".repeat(200))).unwrap();
        assert_ne!(svg, longer);
    }

    #[test]
    fn the_default_design_is_a_valid_one() {
        let design = Design::default();
        assert!(validate::color("color", &design.color).is_ok());
        assert!(design.headline.chars().count() <= 80);
    }
}
