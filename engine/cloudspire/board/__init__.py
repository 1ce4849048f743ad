"""Board geometry (CS-4): isles, earthscapes and fortresses on the kernel hex grid; terrain,
source wells, occupancy, influence and the three distances of CS-4.9."""
