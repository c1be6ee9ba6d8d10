use dynakey::Entity;

struct Tenant(String);

#[derive(Entity)]
#[pk("WS#<tenant>")]
#[sk("META")]
struct Workspace {
    tenant: Tenant,
}

fn main() {}
