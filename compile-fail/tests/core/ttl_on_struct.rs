use dynakey::Entity;

#[derive(Entity)]
#[pk("LOAN#<loan>")]
#[sk("META")]
#[ttl]
struct Loan {
    loan: String,
    expires: u64,
}

fn main() {}
