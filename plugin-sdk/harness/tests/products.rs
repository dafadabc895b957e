//! The products plugin in the real runtime against a real database, on both engines
//! (`VOLANTE_TEST_DATABASE_URL`), with the contacts (suppliers) and billing (taxes) plugins it
//! calls: categories, products priced with the billing module's taxes, packs whose price follows
//! their products', copying a pricing, the checks that refuse bad input and change nothing, the
//! permission and the business boundary.

use serde_json::{json, Value};
use volante_plugin_harness::{code, fields, ok, Harness};

/// A 1×1 PNG.
const PNG: &str = "89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000c49444154789c636098f71d0002370196b4eacab90000000049454e44ae426082";

fn png() -> Vec<u8> {
    (0..PNG.len()).step_by(2).map(|i| u8::from_str_radix(&PNG[i..i + 2], 16).unwrap()).collect()
}

fn names(page: &Value) -> Vec<String> {
    page["items"].as_array().unwrap().iter().map(|i| i["name"].as_str().unwrap().to_string()).collect()
}

fn id(answer: &Value) -> i64 {
    ok(answer)["id"].as_i64().unwrap()
}

async fn start() -> Harness {
    Harness::start_with(&["plugins/contacts".as_ref(), "plugins/billing".as_ref(), "plugins/products".as_ref()]).await.unwrap()
}

#[tokio::test]
async fn categories_products_packs_and_pricing() {
    let h = start().await;

    // The billing module's taxes, the default first.
    let taxes = ok(&h.get("product/taxes", &[]).await).clone();
    assert_eq!(taxes["available"], true);
    assert_eq!((taxes["taxes"][0]["name"].as_str(), taxes["taxes"][0]["rate"].as_i64()), (Some("IVA 21 %"), Some(2100)));
    let iva21 = taxes["taxes"][0]["id"].as_i64().unwrap();
    let iva10 = taxes["taxes"].as_array().unwrap().iter().find(|t| t["rate"] == 1000).unwrap()["id"].as_i64().unwrap();

    // Categories: every bad field at once, a unique name, a png thumbnail.
    let text = h.upload("condiciones.txt", b"Condiciones generales".to_vec()).await;
    let picture = h.upload("permisos.png", png()).await;
    let bad = h.post("product/category/create", json!({ "name": " ", "status": "secret", "thumbnail_file_id": text })).await;
    assert_eq!(fields(&bad), ["name", "status", "thumbnail_file_id"]);
    assert_eq!(bad["error"][2]["details"], "La imagen debe ser png, jpg o jpeg");
    let permits = id(&h.post("product/category/create", json!({ "name": "Permisos", "thumbnail_file_id": picture })).await);
    let books = ok(&h.post("product/category/create", json!({ "name": "Material", "status": "private" })).await).clone();
    assert_eq!((books["status"].as_str(), books["products"].as_i64()), (Some("private"), Some(0)));
    let books = books["id"].as_i64().unwrap();
    assert_eq!(code(&h.post("product/category/create", json!({ "name": "Permisos" })).await), "CONFLICT-000");

    // Suppliers are contacts with the provider relation.
    let supplier = id(&h.post("contact/create", json!({ "type": "E", "relation": "provider", "fiscal_name": "Editorial Vial SL" })).await);
    let client = id(&h.post("contact/create", json!({ "type": "P", "first_name": "Lucía", "last_name": "Sanz" })).await);

    // Products: every bad field at once, and nothing stored.
    let bad = h
        .post(
            "product/create",
            json!({ "name": "", "status": "gone", "category_ids": [permits, 999_999], "provider_ids": [client], "price": -5, "tax_id": 999_999, "file_ids": [text, 888_888] }),
        )
        .await;
    assert_eq!(fields(&bad), ["name", "status", "file_ids[1]", "category_ids[1]", "provider_ids[0]", "price", "tax_id"]);
    assert_eq!(ok(&h.get("product/read", &[("state", "all")]).await)["total"], 0);

    let enrolment = ok(&h
        .post(
            "product/create",
            json!({ "name": "Matrícula permiso B", "price": 15_000, "tax_id": iva21, "category_ids": [permits, permits], "purchase_price": 0, "file_ids": [text] }),
        )
        .await)
    .clone();
    assert_eq!(enrolment["reference"], "000001");
    assert_eq!((enrolment["tax_name"].as_str(), enrolment["tax_rate"].as_i64(), enrolment["total"].as_i64()), (Some("IVA 21 %"), Some(2100), Some(18_150)));
    assert_eq!(enrolment["categories"], json!([{ "id": permits, "name": "Permisos" }]));
    assert_eq!(enrolment["files"], json!([{ "id": text, "name": "condiciones.txt" }]));
    assert_eq!(enrolment["price_visible"], true);
    let enrolment = enrolment["id"].as_i64().unwrap();
    let lesson = ok(&h
        .post(
            "product/create",
            json!({ "name": "Práctica de conducción B", "reference": "PRB-45", "price": 3_000, "tax_id": iva21, "category_ids": [permits], "provider_ids": [supplier], "provider_reference": "EV-1" }),
        )
        .await)
    .clone();
    assert_eq!(lesson["providers"], json!([{ "id": supplier, "name": "Editorial Vial SL" }]));
    let lesson = lesson["id"].as_i64().unwrap();
    // A rate without a billing tax; the same reference twice is refused.
    let book = ok(&h.post("product/create", json!({ "name": "Libro del permiso B", "price": 2_500, "tax_rate": 400, "category_ids": [books], "status": "featured" })).await).clone();
    assert_eq!((book["tax_id"].as_i64(), book["tax_name"].as_str(), book["total"].as_i64()), (None, Some(""), Some(2_600)));
    let book = book["id"].as_i64().unwrap();
    assert_eq!(code(&h.post("product/create", json!({ "name": "Otra", "reference": "PRB-45" })).await), "CONFLICT-000");

    // A pack: its products with a discount each; its price is theirs.
    let bad = h
        .post(
            "product/create",
            json!({ "name": "Pack", "is_pack": true, "tax_id": iva21, "pack_items": [
                { "product_id": enrolment },
                { "product_id": enrolment },
                { "product_id": 999_999 },
                { "product_id": lesson, "quantity": 1000 },
                { "product_id": book, "discount_type": "percent", "discount_value": 12_000 },
                { "product_id": lesson, "discount_type": "gift" },
            ] }),
        )
        .await;
    assert_eq!(
        fields(&bad),
        ["pack_items[1].product_id", "pack_items[2].product_id", "pack_items[3].quantity", "pack_items[4].discount_value", "pack_items[5].product_id"]
    );
    assert_eq!(fields(&h.post("product/create", json!({ "name": "Pack vacío", "is_pack": true })).await), ["pack_items"]);
    let pack = ok(&h
        .post(
            "product/create",
            json!({ "name": "Pack carnet B", "is_pack": true, "tax_id": iva21, "price": 1, "pack_items": [
                { "product_id": enrolment },
                { "product_id": lesson, "quantity": 10, "discount_type": "percent", "discount_value": 1000 },
                { "product_id": book, "discount_type": "quantity", "discount_value": 500 },
            ] }),
        )
        .await)
    .clone();
    // 15,000 + (30,000 − 3,000) + (2,500 − 500) = 44,000; with 21 %: 53,240.
    assert_eq!((pack["price"].as_i64(), pack["total"].as_i64()), (Some(44_000), Some(53_240)), "{pack}");
    assert_eq!(pack["pack_lines"][1]["net"], 27_000);
    assert_eq!(pack["pack_lines"][1]["name"], "Práctica de conducción B");
    let pack = pack["id"].as_i64().unwrap();
    assert_eq!(ok(&h.get(&format!("product/read/{lesson}"), &[]).await)["packs"], json!([{ "id": pack, "name": "Pack carnet B" }]));
    // A pack in a pack, or itself, is refused.
    assert_eq!(fields(&h.post("product/create", json!({ "name": "Doble", "is_pack": true, "pack_items": [{ "product_id": pack }] })).await), ["pack_items[0].product_id"]);
    assert_eq!(fields(&h.post("product/update", json!({ "id": pack, "pack_items": [{ "product_id": pack }] })).await), ["pack_items[0].product_id"]);

    // A price change reaches the packs; a refused change changes nothing.
    let bad = h.post("product/update", json!({ "id": lesson, "price": 3_200, "tax_id": 999_999 })).await;
    assert_eq!(fields(&bad), ["tax_id"]);
    assert_eq!(ok(&h.get(&format!("product/read/{lesson}"), &[]).await)["price"], 3_000);
    ok(&h.post("product/update", json!({ "id": lesson, "price": 3_200 })).await);
    let repriced = ok(&h.get(&format!("product/read/{pack}"), &[]).await).clone();
    // 15,000 + (32,000 − 3,200) + 2,000 = 45,800; with 21 %: 55,418.
    assert_eq!((repriced["price"].as_i64(), repriced["total"].as_i64()), (Some(45_800), Some(55_418)));
    // A rate given alone replaces the billing tax.
    let reduced = ok(&h.post("product/update", json!({ "id": book, "tax_id": iva10 })).await).clone();
    assert_eq!((reduced["tax_name"].as_str(), reduced["total"].as_i64()), (Some("IVA 10 %"), Some(2_750)));
    let own_rate = ok(&h.post("product/update", json!({ "id": book, "tax_rate": 0 })).await).clone();
    assert_eq!((own_rate["tax_id"].as_i64(), own_rate["total"].as_i64()), (None, Some(2_500)));

    // A product a pack holds neither becomes a pack nor goes below a pack's fixed discount.
    assert_eq!(fields(&h.post("product/update", json!({ "id": lesson, "is_pack": true, "pack_items": [{ "product_id": book }] })).await), ["is_pack"]);
    let below = h.post("product/update", json!({ "id": book, "price": 100 })).await;
    assert_eq!(fields(&below), ["price"]);
    assert_eq!(below["error"][0]["data"]["pack_id"], pack);
    assert_eq!(ok(&h.get(&format!("product/read/{book}"), &[]).await)["price"], 2_500);
    assert_eq!(ok(&h.get(&format!("product/read/{pack}"), &[]).await)["price"], 45_800);

    // A product a pack holds is not deleted.
    let held = h.post("product/delete", json!({ "id": lesson })).await;
    assert_eq!(code(&held), "CONFLICT-000");
    assert_eq!(held["error"][0]["data"]["pack_id"], pack);

    // Lists: accent-insensitive search, category, pack and status filters.
    assert_eq!(names(ok(&h.get("product/read", &[]).await)), ["Libro del permiso B", "Matrícula permiso B", "Pack carnet B", "Práctica de conducción B"]);
    assert_eq!(names(ok(&h.get("product/read", &[("search", "practica")]).await)), ["Práctica de conducción B"]);
    assert_eq!(names(ok(&h.get("product/read", &[("search", "ev-1")]).await)), ["Práctica de conducción B"]);
    assert_eq!(names(ok(&h.get("product/read", &[("category_id", &permits.to_string())]).await)), ["Matrícula permiso B", "Práctica de conducción B"]);
    assert_eq!(names(ok(&h.get("product/read", &[("is_pack", "true")]).await)), ["Pack carnet B"]);
    assert_eq!(names(ok(&h.get("product/read", &[("status", "featured")]).await)), ["Libro del permiso B"]);
    assert_eq!(code(&h.get("product/read", &[("status", "gone")]).await), "REQ-102");
    let categories = ok(&h.get("product/category/read", &[]).await).clone();
    assert_eq!(names(&categories), ["Material", "Permisos"]);
    assert_eq!((categories["items"][0]["products"].as_i64(), categories["items"][1]["products"].as_i64()), (Some(1), Some(2)));

    // Copying a pricing: every target checked first.
    let exam = id(&h.post("product/create", json!({ "name": "Tasa de examen" })).await);
    let bad = h.post("product/pricing/clone", json!({ "id": enrolment, "target_ids": [exam, pack, enrolment, 777_777] })).await;
    assert_eq!(fields(&bad), ["target_ids[1]", "target_ids[2]", "target_ids[3]"]);
    assert_eq!(ok(&h.get(&format!("product/read/{exam}"), &[]).await)["price"], 0);
    assert_eq!(ok(&h.post("product/pricing/clone", json!({ "id": enrolment, "target_ids": [exam] })).await)["updated"], 1);
    let exam_read = ok(&h.get(&format!("product/read/{exam}"), &[]).await).clone();
    assert_eq!((exam_read["price"].as_i64(), exam_read["tax_id"].as_i64(), exam_read["total"].as_i64()), (Some(15_000), Some(iva21), Some(18_150)));

    // State, and deleting a category takes it off its products.
    assert_eq!(ok(&h.post("product/state", json!({ "id": book })).await)["state"], "inactive");
    assert_eq!(ok(&h.post("product/category/state", json!({ "id": books, "state": "inactive" })).await)["state"], "inactive");
    let deleted = ok(&h.post("product/category/delete", json!({ "id": permits })).await).clone();
    assert_eq!((deleted["state"].as_str(), deleted["products_unlinked"].as_i64()), (Some("deleted"), Some(2)));
    assert_eq!(ok(&h.get(&format!("product/read/{enrolment}"), &[]).await)["category_ids"], json!([]));
    assert_eq!(names(ok(&h.get("product/category/read", &[]).await)), ["Material"]);
    let pack_deleted = ok(&h.post("product/delete", json!({ "id": pack })).await).clone();
    assert_eq!(pack_deleted["state"], "deleted");
    ok(&h.post("product/delete", json!({ "id": lesson })).await);
    assert_eq!(code(&h.post("product/update", json!({ "id": lesson, "price": 1 })).await), "CONFLICT-000");

    // The other business sees none of it; the teacher lacks the permission.
    assert_eq!(ok(&h.get_as(&h.other_token, "product/read", &[("state", "all")]).await)["total"], 0);
    assert_eq!(code(&h.get_as(&h.other_token, &format!("product/read/{enrolment}"), &[]).await), "NOT-FOUND-000");
    assert_eq!(code(&h.post_as(&h.other_token, "product/update", json!({ "id": enrolment, "price": 1 })).await), "NOT-FOUND-000");
    let teacher = h.teacher_token().await.unwrap();
    assert_eq!(code(&h.get_as(&teacher, "product/read", &[]).await), "PERMISSION-000");
}

#[tokio::test]
async fn without_billing_a_product_takes_a_rate_but_no_tax() {
    let h = Harness::start("plugins/products").await.unwrap();
    assert_eq!(ok(&h.get("product/taxes", &[]).await), &json!({ "available": false, "taxes": [] }));
    let refused = h.post("product/create", json!({ "name": "Curso CAP", "price": 10_000, "tax_id": 1 })).await;
    assert_eq!(fields(&refused), ["tax_id"]);
    assert_eq!(refused["error"][0]["details"], "El servicio de facturación no está activo para la empresa");
    let product = ok(&h.post("product/create", json!({ "name": "Curso CAP", "price": 10_000, "tax_rate": 2100 })).await).clone();
    assert_eq!(product["total"], 12_100);
    // Suppliers need the contacts module.
    assert_eq!(fields(&h.post("product/create", json!({ "name": "Libro", "provider_ids": [1] })).await), ["provider_ids"]);
}
