package marketplace

// ProductSet exposes productSet to the tests of package marketplace_test.
var ProductSet = productSet
