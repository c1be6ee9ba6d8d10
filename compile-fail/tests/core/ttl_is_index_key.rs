// The TTL attribute is a string key attribute of an index: DynamoDB's TTL reads a Number, so no
// item would ever expire. As a Number key attribute of an attribute-wise index it stays valid.
#[derive(dynakey::Table)]
#[table(partition_key = "PK", sort_key = "SK", ttl = "GSI1SK")]
#[gsi(ByDueDate, name = "GSI1", partition_key = "GSI1PK", sort_key = "GSI1SK")]
struct Loans;

#[derive(dynakey::Table)]
#[table(partition_key = "PK", sort_key = "SK", ttl = "expires")]
#[gsi(ByExpiry, partition_key = "status", sort_key = "expires": N)]
struct Sessions;

fn main() {}
