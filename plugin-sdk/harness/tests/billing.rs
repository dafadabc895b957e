//! The billing plugin in the real runtime against a real database. The harness installs one
//! plugin, so contacts are not installed here: documents use an inline contact block, and a
//! `contact_id` is refused with BILLING-007 (contacts unavailable).

use serde_json::{json, Value};
use volante_plugin_harness::{code, decode_base64, ok, pdftotext, Harness};

async fn count_invoices(h: &Harness) -> i64 {
    let page = h.post("invoice/readall", json!({ "state": "all", "per_page": 500 })).await;
    ok(&page)["total"].as_i64().unwrap()
}

#[tokio::test]
async fn billing_through_the_harness() {
    let h = Harness::start("plugins/billing").await.unwrap();

    // A series with the issuer's data.
    let series = h
        .post(
            "sales/billing/create",
            json!({ "code": "a", "name": "General", "issuer_tax_code": "B58378431", "issuer_name": "Autoescuela Prueba S.L.",
                    "issuer_street": "Calle Mayor 1", "issuer_postal_code": "28013", "issuer_town": "Madrid", "issuer_province_id": 28,
                    "iban": "ES91 2100 0418 4502 0005 1332" }),
        )
        .await;
    let series_id = ok(&series)["id"].as_i64().unwrap();
    assert_eq!(series["data"]["code"], "A");

    // Default taxes; IGIC is refused until Canarias is switched on.
    let taxes = h.get("tax/read", &[]).await;
    let taxes = ok(&taxes).as_array().unwrap().clone();
    let find = |name: &str| taxes.iter().find(|t| t["name"] == name).unwrap()["id"].as_i64().unwrap();
    let (iva21, igic7) = (find("IVA 21 %"), find("IGIC 7 %"));
    let contact = json!({ "type": "P", "name": "Lucía Pérez Gómez", "tax_code": "54362315K",
                          "address": { "street": "Av. de la Paz 3", "city": "Sevilla", "province_id": 41, "postal_code": "41001" } });
    let igic_line = json!({ "contact": contact, "lines": [{ "concept": "Clase", "price": 1000, "tax_id": igic7 }] });
    let refused = h.post("invoice/create", igic_line.clone()).await;
    assert_eq!((code(&refused).as_str(), refused["error"][0]["data"]["field"].as_str()), ("REQ-102", Some("lines[0].tax_id")), "{refused}");
    let region = h.post("tax/region", json!({ "code": "canarias" })).await;
    assert_eq!(ok(&region)["active"], true);
    let igic = h.post("invoice/create", igic_line).await;
    assert_eq!(ok(&igic)["tax"], 70, "{igic}");

    // A budget, billed into an invoice with the next number.
    let budget = h
        .post(
            "budget/create",
            json!({ "series_id": series_id, "contact": contact, "due_date": "2099-12-31", "lines": [
                { "concept": "Matrícula", "price": 15000, "tax_id": iva21 },
                { "concept": "Clase práctica", "price": 3000, "quantity": 10, "discount_type": "percent", "discount": 10, "tax_id": iva21 },
            ] }),
        )
        .await;
    let b = ok(&budget);
    assert_eq!((b["gross"].as_i64(), b["discount"].as_i64(), b["base"].as_i64(), b["tax"].as_i64(), b["total"].as_i64()),
               (Some(45000), Some(3000), Some(42000), Some(8820), Some(50820)), "{budget}");
    let budget_id = b["id"].as_i64().unwrap();
    let invoice = h.post("invoice/create", json!({ "budget_id": budget_id })).await;
    let inv = ok(&invoice).clone();
    let invoice_id = inv["id"].as_i64().unwrap();
    assert_eq!(inv["state"], "issued");
    assert_eq!(inv["number"], 2, "the IGIC invoice took number 1: {inv}");
    assert_eq!(inv["total"], 50820);
    assert_eq!(inv["budget_id"], budget_id);
    assert!(inv["qr_url"].as_str().unwrap().contains("nif=B58378431&numserie=A"), "{inv}");
    let read_budget = h.get(&format!("budget/read/{budget_id}"), &[]).await;
    assert_eq!((ok(&read_budget)["state"].as_str(), read_budget["data"]["invoice_id"].as_i64()), (Some("billed"), Some(invoice_id)));

    // Bad input changes nothing.
    let before = count_invoices(&h).await;
    let again = h.post("invoice/create", json!({ "budget_id": budget_id })).await;
    assert_eq!(code(&again), "BILLING-001", "{again}");
    let edit_budget = h.post("budget/update", json!({ "id": budget_id, "lines": [] })).await;
    assert_eq!(code(&edit_budget), "BILLING-001");
    let edit = h.post("invoice/update", json!({ "id": invoice_id, "lines": [] })).await;
    assert_eq!(code(&edit), "BILLING-002", "{edit}");
    let negative = h.post("invoice/create", json!({ "lines": [{ "concept": "X", "price": 100, "quantity": -1, "tax_id": iva21 }] })).await;
    assert_eq!((code(&negative).as_str(), negative["error"][0]["data"]["field"].as_str()), ("REQ-102", Some("lines[0].quantity")));
    let unknown_tax = h.post("invoice/create", json!({ "lines": [{ "concept": "X", "price": 100, "tax_id": 999999 }] })).await;
    assert_eq!(code(&unknown_tax), "REQ-102");
    let no_contacts = h.post("invoice/create", json!({ "contact_id": 1, "lines": [{ "concept": "X", "price": 100 }] })).await;
    assert_eq!(code(&no_contacts), "BILLING-007", "{no_contacts}");
    assert_eq!(count_invoices(&h).await, before);

    // Payments: partial, too much (refused, nothing changes), final.
    let partial = h.post("invoice/payment/create", json!({ "invoice_id": invoice_id, "amount": 20000, "method": "cash" })).await;
    assert_eq!(ok(&partial)["outstanding"], 30820);
    let too_much = h.post("invoice/payment/create", json!({ "invoice_id": invoice_id, "amount": 30821, "method": "bizum" })).await;
    assert_eq!(code(&too_much), "BILLING-003", "{too_much}");
    let final_payment = h.post("invoice/payment/create", json!({ "invoice_id": invoice_id, "amount": 30820, "method": "credit_card" })).await;
    assert_eq!(ok(&final_payment)["outstanding"], 0);
    assert_eq!(final_payment["data"]["payments"].as_array().unwrap().len(), 2);

    // Facturae export.
    let xml = h.post("invoice/electronic/create", json!({ "id": invoice_id })).await;
    let xml = ok(&xml)["xml"].as_str().unwrap().to_string();
    assert!(xml.contains("<InvoiceTotal>508.20</InvoiceTotal>") && xml.contains("<TaxIdentificationNumber>54362315K</TaxIdentificationNumber>"), "{xml}");

    // PDF: its text (pdftotext, when poppler-utils is installed).
    let pdf = h.get(&format!("invoice/pdf/{invoice_id}"), &[]).await;
    let bytes = decode_base64(ok(&pdf)["base64"].as_str().unwrap());
    assert!(bytes.starts_with(b"%PDF-1.4"));
    if let Some(text) = pdftotext(&bytes) {
        for needle in ["FACTURA", inv["reference"].as_str().unwrap(), "Lucía Pérez Gómez", "B58378431", "Matrícula", "508,20 €", "Factura verificable en la sede electrónica de la AEAT"] {
            assert!(text.contains(needle), "{needle} not in {text}");
        }
    }
    // invoice/email and budget/email are not checked here: the host's mail import refuses every
    // template ("Plantilla no válida: Failed to parse '__tera_one_off'", even plain text), a host
    // issue reported with the billing work.
    let budget_pdf = h.get(&format!("budget/pdf/{budget_id}"), &[]).await;
    assert!(decode_base64(ok(&budget_pdf)["base64"].as_str().unwrap()).starts_with(b"%PDF"));

    // Void the IGIC invoice: a cancellation record is chained; the chain verifies.
    let igic_id = igic["data"]["id"].as_i64().unwrap();
    let voided = h.post("invoice/delete", json!({ "id": igic_id, "reason": "Error en el importe" })).await;
    assert_eq!(ok(&voided)["state"], "voided");
    let kinds: Vec<_> = voided["data"]["verifactu"].as_array().unwrap().iter().map(|r| r["kind"].as_str().unwrap().to_string()).collect();
    assert_eq!(kinds, ["alta", "anulacion"]);
    let twice = h.post("invoice/delete", json!({ "id": igic_id })).await;
    assert_eq!(code(&twice), "BILLING-005");

    // 50 invoices at once in a new series: 50 distinct consecutive numbers.
    let series_b = h.post("sales/billing/create", json!({ "code": "C", "issuer_tax_code": "B58378431" })).await;
    let series_b = ok(&series_b)["id"].as_i64().unwrap();
    let mut tasks = Vec::new();
    for i in 0..50 {
        let (client, api, token) = (h.client.clone(), h.api.clone(), h.token.clone());
        let body = json!({ "series_id": series_b, "contact": contact, "lines": [{ "concept": format!("Clase {i}"), "price": 3000, "tax_id": iva21 }] });
        tasks.push(tokio::spawn(async move {
            let answer: Value = client
                .post(format!("{api}/invoice/create"))
                .header("Authorization", format!("Token {token}"))
                .json(&body)
                .send()
                .await
                .unwrap()
                .json()
                .await
                .unwrap();
            answer
        }));
    }
    let mut numbers = Vec::new();
    for t in tasks {
        let answer = t.await.unwrap();
        numbers.push(ok(&answer)["number"].as_i64().unwrap());
    }
    numbers.sort_unstable();
    assert_eq!(numbers, (1..=50).collect::<Vec<_>>());

    let export = h.get("invoice/verifactu/export", &[]).await;
    let chains = ok(&export).as_array().unwrap();
    assert_eq!(chains.len(), 1);
    assert_eq!(chains[0]["valid"], true, "{export}");
    assert_eq!(chains[0]["records"].as_array().unwrap().len(), 2 + 1 + 50);

    // Cash flow: a ticket in a simplified series (over the limit refused), an expense, a
    // movement of a contact, the chart.
    let tickets = h.post("sales/billing/create", json!({ "code": "T", "simplified": true, "issuer_tax_code": "B58378431" })).await;
    ok(&tickets);
    let big = h.post("ticket/create", json!({ "lines": [{ "concept": "Curso", "price": 40000, "tax_id": iva21 }] })).await;
    assert_eq!(code(&big), "BILLING-013", "{big}");
    let ticket = h.post("ticket/create", json!({ "lines": [{ "concept": "Tasa", "price": 1000, "tax_id": iva21 }],
                                                 "payments": [{ "amount": 1210, "method": "cash" }] })).await;
    let t = ok(&ticket);
    assert_eq!((t["invoice_type"].as_str(), t["reference"].as_str().map(|r| r.starts_with('T')), t["outstanding"].as_i64()), (Some("F2"), Some(true), Some(0)), "{ticket}");
    let listed = h.post("ticket/readall", json!({})).await;
    assert_eq!(ok(&listed)["total"], 1);
    let not_simplified = h.post("ticket/create", json!({ "series_id": series_id, "lines": [{ "concept": "X", "price": 1 }] })).await;
    assert_eq!(code(&not_simplified), "REQ-102");
    let expense = h.post("expense/create", json!({ "concept": "Gasolina", "base": 4132, "tax_rate": 2100, "method": "card" })).await;
    assert_eq!(ok(&expense)["total"], 5000, "{expense}");
    let movement = h.post("sales/cashflow/create", json!({ "concept": "Señal", "amount": 5000, "direction": "in", "contact_id": 77 })).await;
    ok(&movement);
    let flow = h.get("ticket/contact/cashflow/read", &[("contact_id", "77")]).await;
    assert_eq!(ok(&flow)["movements"].as_array().unwrap().len(), 1, "{flow}");
    let chart = h.get("ticket/chart", &[]).await;
    let c = ok(&chart);
    assert_eq!(c["months"].as_array().unwrap().len(), 12);
    // Payments 20000 + 30820 + 1210, movement 5000 in; expense 5000 out.
    assert_eq!((c["income"].as_i64(), c["expenses"].as_i64()), (Some(20000 + 30820 + 1210 + 5000), Some(5000)), "{chart}");
    // An expense is edited (the UI's "Editar"): the tax and total follow the new base; a bad
    // rate is refused and changes nothing.
    let expense_id = ok(&expense)["id"].clone();
    let edited = h.post("expense/update", json!({ "id": expense_id, "concept": "Gasolina", "base": 5000, "tax_rate": 2100, "method": "card" })).await;
    assert_eq!((ok(&edited)["tax"].as_i64(), edited["data"]["total"].as_i64()), (Some(1050), Some(6050)), "{edited}");
    let refused = h.post("expense/update", json!({ "id": expense_id, "tax_rate": 20000 })).await;
    assert_eq!(code(&refused), "REQ-102", "{refused}");
    let kept = h.get(&format!("expense/read/{expense_id}"), &[]).await;
    assert_eq!((ok(&kept)["total"].as_i64(), kept["data"]["tax_rate"].as_i64()), (Some(6050), Some(2100)), "{kept}");
    let chart = h.get("ticket/chart", &[]).await;
    assert_eq!(ok(&chart)["expenses"].as_i64(), Some(6050), "{chart}");

    // Drafts: no number, editable, not payable; issuing numbers them; a deleted draft leaves
    // no gap. Budget groups, the series' last numbers and the tax groups.
    let draft = h.post("invoice/create", json!({ "series_id": series_id, "draft": true, "contact": contact,
                                                "lines": [{ "concept": "Examen", "price": 9000, "tax_id": iva21 }] })).await;
    let draft_id = ok(&draft)["id"].as_i64().unwrap();
    assert_eq!((draft["data"]["state"].as_str(), draft["data"]["number"].as_i64()), (Some("draft"), None));
    let unpaid = h.post("invoice/payment/create", json!({ "invoice_id": draft_id, "amount": 100, "method": "cash" })).await;
    assert_eq!(code(&unpaid), "BILLING-004");
    let scrap = h.post("invoice/create", json!({ "series_id": series_id, "draft": true, "lines": [{ "concept": "X", "price": 1, "tax_id": iva21 }] })).await;
    let scrapped = h.post("invoice/delete", json!({ "id": ok(&scrap)["id"] })).await;
    assert_eq!(ok(&scrapped)["state"], "deleted");
    let issued = h.post("invoice/update", json!({ "id": draft_id, "contact": contact, "issue": true,
                                                 "lines": [{ "concept": "Examen", "price": 9000, "quantity": 2, "tax_id": iva21 }] })).await;
    assert_eq!((ok(&issued)["state"].as_str(), issued["data"]["number"].as_i64(), issued["data"]["total"].as_i64()), (Some("issued"), Some(3), Some(21780)), "{issued}");
    let max = h.get(&format!("sales/billing/maxinvoice/{series_id}"), &[]).await;
    assert_eq!((ok(&max)["max"].as_i64(), max["data"]["next"].as_i64()), (Some(3), Some(4)));
    let group = h.post("budget/group/create", json!({ "name": "Permiso B" })).await;
    let group_id = ok(&group)["id"].as_i64().unwrap();
    let grouped = h.post("budget/create", json!({ "series_id": series_id, "group_id": group_id, "lines": [{ "concept": "Pack", "price": 50000, "tax_id": iva21 }] })).await;
    ok(&grouped);
    let groups = h.get("budget/group/read", &[]).await;
    assert_eq!(ok(&groups)[0]["budgets"], 1, "{groups}");
    let max_budget = h.get(&format!("sales/billing/maxbudget/{series_id}"), &[]).await;
    assert_eq!(ok(&max_budget)["max"], 2);
    let tax_groups = h.get("tax/group", &[]).await;
    assert!(ok(&tax_groups).as_array().unwrap().iter().any(|g| g["name"] == "General"));
    let in_use = h.post("sales/billing/delete", json!({ "id": series_id })).await;
    assert_eq!(code(&in_use), "BILLING-006");

    let report = h.get("invoice/report", &[]).await;
    let r = ok(&report);
    assert_eq!(r["totals"]["paid"], 20000 + 30820 + 1210, "{report}");
    assert!(r["by_rate"].as_array().is_some_and(|rates| !rates.is_empty()) && r["by_method"].is_array(), "{report}");

    let today = ok(&h.get("sales/billing/read", &[]).await)[0]["created_at"].as_str().unwrap()[..10].to_string();
    if !today.ends_with("-01-01") {
        let backdated = h.post("invoice/create", json!({ "series_id": series_id, "issue_date": format!("{}-01-01", &today[..4]),
                                                         "lines": [{ "concept": "X", "price": 100, "tax_id": iva21 }] })).await;
        assert_eq!(code(&backdated), "BILLING-016", "{backdated}");
    }
    let anonymous = h.post("invoice/create", json!({ "lines": [{ "concept": "Tasa", "price": 100, "tax_id": iva21 }] })).await;
    let no_buyer = h.post("invoice/electronic/create", json!({ "id": ok(&anonymous)["id"] })).await;
    assert_eq!(code(&no_buyer), "BILLING-015", "{no_buyer}");

    // The other business sees none of it; the teacher has no billing permission.
    let other = h.get_as(&h.other_token, &format!("invoice/read/{invoice_id}"), &[]).await;
    assert_eq!(code(&other), "NOT-FOUND-000", "{other}");
    let teacher = h.teacher_token().await.unwrap();
    let denied = h.post_as(&teacher, "invoice/readall", json!({})).await;
    assert_eq!(code(&denied), "PERMISSION-000");
}
