fn main() {
    let n = 2000;
    let t = std::time::Instant::now();
    for _ in 0..n {
        let s = volante_plugin_sdk::schemars::schema_for!(contacts::contact::Contact).to_value();
        std::hint::black_box(s);
    }
    println!("schema_for: {:?} per call", t.elapsed() / n);
    let t = std::time::Instant::now();
    for _ in 0..n {
        let s = volante_plugin_sdk::serde_json::to_value(contacts::contact::Contact::default()).unwrap();
        std::hint::black_box(s);
    }
    println!("to_value(default): {:?} per call", t.elapsed() / n);
}
