import pytest

from planning.store import Clock, InMemoryPlanStore
from tests.planning.store.conformance import PlanStoreConformance, StoreFactory


class TestInMemoryPlanStore(PlanStoreConformance):
    @pytest.fixture
    def store_factory(self) -> StoreFactory:
        async def factory(clock: Clock) -> InMemoryPlanStore:
            return InMemoryPlanStore(clock=clock)

        return factory
