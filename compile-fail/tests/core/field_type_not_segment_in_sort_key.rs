// A sort-key field whose type is not a key segment: one error at the field, none from the
// sort-key builder's impls (which carry no field-type bounds) or its methods.
use dynakey::Entity;

struct Tenant(String);

#[derive(Entity)]
#[pk("WS#<id>")]
#[sk("T#<tenant>#<id>")]
struct Workspace {
    id: String,
    tenant: Tenant,
}

fn main() {}
